import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectProject } from './inspect-project';

let root: string;
let project: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mb-project-'));
  project = join(root, 'my-site');
  await mkdir(project);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = async (file: string, text: string) => {
  await mkdir(join(project, file, '..'), { recursive: true });
  await writeFile(join(project, file), text);
};

describe('inspectProject', () => {
  it('offers what each file declares, with the file and key it came from, and names the project by its folder', async () => {
    await write(
      'compose.yaml',
      'services:\n  site:\n    image: site-builder:1\n    command: sh build.sh\n    volumes: [".:/site"]\n',
    );
    await write('docker-compose.yml', 'services: { other: { image: ignored, volumes: [".:/x"] } }\n');
    await write(
      '.devcontainer/devcontainer.json',
      '{ "image": "node:22", // dev\n "workspaceFolder": "/ws", }',
    );
    await write(
      'package.json',
      JSON.stringify({ scripts: { build: 'vite build', test: 'vitest', lint: 'eslint' } }),
    );
    await write('Gemfile', 'source "https://rubygems.org"\n# gem "rails"\ngem "jekyll", "~> 4.3"\n');
    await write('Makefile', 'all:\n\ttrue\n');
    await write('go.mod', 'module x\n');
    await write('Cargo.toml', '[package]\n');
    await mkdir(join(project, 'node_modules'));

    const found = await inspectProject(project);
    expect(found.name).toBe('my-site');
    expect(found.images.map((i) => [i.image, i.from.file, i.from.key])).toEqual([
      ['site-builder:1', 'compose.yaml', 'services.site.image'],
      ['node:22', '.devcontainer/devcontainer.json', 'image'],
    ]);
    expect(found.commands.map((c) => [c.command, c.from.file, c.from.key])).toEqual([
      ['sh build.sh', 'compose.yaml', 'services.site.command'],
      ['npm run build', 'package.json', 'scripts.build'],
      ['npm test', 'package.json', 'scripts.test'],
      ['bundle exec jekyll build', 'Gemfile', 'gem "jekyll"'],
      ['make', 'Makefile', '(the file is there)'],
      ['go build ./...', 'go.mod', '(the file is there)'],
      ['cargo build', 'Cargo.toml', '(the file is there)'],
    ]);
    expect(found.dependencyFolders).toEqual(['node_modules']);
    expect(found.problems).toEqual([]);
    // Jekyll's Gemfile (its rails line commented out) is no Rails app: the package.json decides.
    expect(found.kind).toEqual({ id: 'node-frontend', reason: 'package.json is there' });
  });

  it('finds nothing in an empty folder, and a Gemfile without Jekyll gives no Jekyll command', async () => {
    await write('Gemfile', 'gem "rails"\n');
    expect(await inspectProject(project)).toEqual({
      name: 'my-site',
      folder: project,
      images: [],
      commands: [],
      problems: [],
      dependencyFolders: [],
      kind: { id: 'php-rails', reason: 'its Gemfile names the rails gem' },
    });
  });

  it('never follows a link to a file outside the project, and names an oversized or broken file as a problem', async () => {
    await writeFile(join(root, 'outside.yaml'), 'services: { s: { image: secret, volumes: [".:/w"] } }\n');
    await symlink(join(root, 'outside.yaml'), join(project, 'compose.yaml'));
    await write('package.json', `{"scripts": {"build": "${'x'.repeat(300 * 1024)}"}}`);
    await write('.devcontainer/devcontainer.json', '{ "image": ');
    const found = await inspectProject(project);
    expect(found.images).toEqual([]);
    expect(found.commands).toEqual([]);
    expect(found.problems).toEqual([
      'compose.yaml is a symbolic link; links are not followed',
      expect.stringMatching(/^\.devcontainer\/devcontainer\.json is not valid JSON/),
      'package.json is 301 KB; declaration files over 256 KB are not read',
    ]);
    expect(found.problems.join(' ')).not.toContain(root);
  });
});
