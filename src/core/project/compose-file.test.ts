import { describe, expect, it } from 'vitest';
import { projectMountTarget, readComposeFile } from './compose-file';

describe('readComposeFile', () => {
  it('takes the image, working_dir and command of the service that bind-mounts the project (short syntax)', () => {
    const found = readComposeFile(
      'compose.yaml',
      `services:
  db:
    image: postgres:16
    volumes: [pgdata:/var/lib/postgresql/data]
  site:
    image: jekyll/jekyll:4
    working_dir: /srv/jekyll/site
    command: jekyll build
    volumes:
      - ./:/srv/jekyll:cached
volumes:
  pgdata: {}
`,
    );
    expect(found.images).toEqual([
      {
        image: 'jekyll/jekyll:4',
        service: 'site',
        workingDir: '/srv/jekyll/site',
        from: { file: 'compose.yaml', key: 'services.site.image' },
      },
    ]);
    expect(found.commands).toEqual([
      { command: 'jekyll build', from: { file: 'compose.yaml', key: 'services.site.command' } },
    ]);
    expect(found.problems).toEqual([]);
  });

  it('reads the long volume syntax, falls back to the mount target, and warns about a server command', () => {
    const found = readComposeFile(
      'docker-compose.yml',
      `services:
  app:
    image: node:22
    command: ["npm", "run", "dev"]
    volumes:
      - type: bind
        source: .
        target: /app
`,
    );
    expect(found.images[0]).toMatchObject({ image: 'node:22', workingDir: '/app', service: 'app' });
    expect(found.commands[0]).toMatchObject({
      command: 'npm run dev',
      warning: expect.stringContaining('never ends'),
    });
  });

  it('says a service that builds its image gives no image, and ignores services without the project', () => {
    const found = readComposeFile(
      'compose.yaml',
      `services:
  web: { build: ., volumes: [".:/code"] }
  cache: { image: redis:7 }
`,
    );
    expect(found.images).toEqual([]);
    expect(found.problems).toEqual([expect.stringContaining('service web builds its image')]);
  });

  it('refuses invalid YAML, a file without services and an alias bomb, with a problem and nothing taken', () => {
    expect(readComposeFile('compose.yaml', 'services: [unclosed').problems[0]).toMatch(/not valid YAML/);
    expect(readComposeFile('compose.yaml', 'name: x\n').problems).toEqual(['compose.yaml has no services']);
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 12 }, (_, i) => {
        const prev = i === 0 ? 'a' : `l${i - 1}`;
        return `l${i}: &l${i} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`;
      }),
      'services: { s: { image: x, volumes: [".:/w"] } }',
    ].join('\n');
    const found = readComposeFile('compose.yaml', bomb);
    expect(found.images).toEqual([]);
    expect(found.problems[0]).toMatch(/alias/i);
  });
});

describe('projectMountTarget', () => {
  it('knows the project root only as ., ./ or $PWD; a subfolder or named volume is not the project', () => {
    expect(projectMountTarget(['.:/w'])).toBe('/w');
    expect(projectMountTarget(['${PWD}:/w:ro'])).toBe('/w');
    expect(projectMountTarget(['./src:/w/src', 'data:/data', '/anon'])).toBeNull();
    expect(projectMountTarget('not a list')).toBeNull();
  });
});

describe('readComposeFile: merge keys, keys written twice, many services', () => {
  it('reads a service built from `<<: *defaults`, as Compose does', () => {
    const found = readComposeFile(
      'compose.yaml',
      `x-defaults: &defaults
  image: node:20
  working_dir: /app
  volumes:
    - ./:/app
services:
  test:
    <<: *defaults
    command: npm test
`,
    );
    expect(found.problems).toEqual([]);
    expect(found.images).toEqual([
      {
        image: 'node:20',
        service: 'test',
        workingDir: '/app',
        from: { file: 'compose.yaml', key: 'services.test.image' },
      },
    ]);
    expect(found.commands.map((c) => c.command)).toEqual(['npm test']);
  });

  it('lets a key of the service win over the merged one', () => {
    const found = readComposeFile(
      'compose.yaml',
      `x-base: &base
  image: node:18
  volumes: [".:/app"]
services:
  app:
    <<: *base
    image: node:20
`,
    );
    expect(found.images.map((i) => i.image)).toEqual(['node:20']);
  });

  it('refuses a key written twice, naming the line, and suggests nothing', () => {
    const found = readComposeFile(
      'compose.yaml',
      `services:
  app:
    image: node:20
    volumes: [".:/app"]
    image: evil/miner:latest
`,
    );
    expect(found.images).toEqual([]);
    expect(found.commands).toEqual([]);
    expect(found.problems).toEqual([
      'compose.yaml: a key is written twice in one mapping (line 5); YAML does not allow that, and Mountbench will not guess which one counts',
    ]);
  });

  it('says how many services past 200 it skipped', () => {
    const services = Array.from(
      { length: 205 },
      (_, i) => `  s${i}:\n    image: img:${i}\n    volumes: [".:/app"]`,
    ).join('\n');
    const found = readComposeFile('compose.yaml', `services:\n${services}\n`);
    expect(found.images).toHaveLength(200);
    expect(found.problems).toEqual([
      'compose.yaml has 205 services; only the first 200 were read, the other 5 were skipped',
    ]);
  });
});
