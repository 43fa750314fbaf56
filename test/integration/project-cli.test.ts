// "My project" through the CLI, as a user types it: `project inspect` finds the sample site's image
// and command in its compose file, and `run --project` builds it on bind and volume backends, in
// that image, with its cold first run reported apart; the result names the project, not its path.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/shared/result-schema';
import { buildSampleImage, SAMPLE_COMMAND, SAMPLE_IMAGE, writeSampleProject } from './sample-project';
import { mountbenchChild } from '../support/mountbench-cli';
import { docker, image, tempDir } from './support';

const root = tempDir('project-cli');
const home = join(root.path, 'home');
const data = join(root.path, 'data');
const cache = join(root.path, 'cache');
let project: string;

beforeAll(async () => {
  project = writeSampleProject(home);
  await buildSampleImage(docker, image, join(root.path, 'image'));
});
afterAll(() => root.remove());

const mountbench = (args: string[]) =>
  mountbenchChild(args, {
    ...process.env,
    HOME: home,
    MOUNTBENCH_DATA_DIR: data,
    MOUNTBENCH_CACHE_DIR: cache,
  });

describe('mountbench project (CLI, real engine)', () => {
  it('project inspect finds the compose service image and command, with where each came from', async () => {
    const text = await mountbench(['project', 'inspect', project]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      `${SAMPLE_IMAGE}  from compose.yaml (services.site.image), working folder /site`,
    );
    expect(text.stdout).toContain(`${SAMPLE_COMMAND}  from compose.yaml (services.site.command)`);
    const json = await mountbench(['project', 'inspect', '--json', project]);
    const found = JSON.parse(json.stdout) as {
      name: string;
      choice: { command: { command: string }; image: { image: string } };
    };
    expect(found.name).toBe('sample-site');
    expect(found.choice.command.command).toBe(SAMPLE_COMMAND);
    expect(found.choice.image.image).toBe(SAMPLE_IMAGE);
  });

  it('run --project builds the site in its image on bind and volume, cold first run apart, labelled by name', async () => {
    const out = join(root.path, 'run.json');
    const run = await mountbench([
      'run',
      '--project',
      project,
      '--mount',
      'bind,volume',
      '--runs',
      '2',
      '--json',
      out,
    ]);
    expect(run.stderr).toContain(
      `project sample-site: ${SAMPLE_COMMAND} (from compose.yaml (services.site.command)) in ${SAMPLE_IMAGE} (from compose.yaml (services.site.image))`,
    );
    expect(run.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    const file = runFileSchema.parse(JSON.parse(text));
    expect(file.errors).toEqual([]);
    expect(file.results.map((r) => [r.backend.mount, r.workload.id])).toEqual(
      expect.arrayContaining([
        ['bind', 'custom'],
        ['volume', 'custom'],
      ]),
    );
    expect(file.results).toHaveLength(2);
    for (const result of file.results) {
      expect(result.workload.params).toEqual({
        command: SAMPLE_COMMAND,
        project: 'sample-site',
        image: SAMPLE_IMAGE,
      });
      expect(result.firstRun?.seconds).toBeGreaterThan(0);
      expect(result.stats.samples).toHaveLength(2);
      expect(result.cache).toBe('warm');
    }
    // Named, never placed: the folder's path is nowhere in the exported file.
    expect(text).not.toContain(project);
    expect(text).not.toContain(home);
  });

  it('refuses --project with --folder, and a folder with no image found without --custom-image', async () => {
    const both = await mountbench(['run', '--project', project, '--folder', project]);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('--project is the folder already: drop --folder');
    const bare = join(home, 'code', 'bare');
    writeSampleProject(home, 'bare');
    rmSync(join(bare, 'compose.yaml'));
    const none = await mountbench(['run', '--project', bare, '--command', 'true', '--mount', 'bind']);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('no image found in bare');
  });

  it('prints and stores a project whose folder name and compose file hold escape sequences only escaped', async () => {
    // A cloned repository's name and compose file are someone else's text: ESC[2J clears the
    // screen, an OSC retitles the window, U+202E reverses what follows.
    const hostile = join(home, 'code', 'evil\u001b[2J\u001b]0;pwned\u0007\u202etxt.exe');
    mkdirSync(hostile, { recursive: true });
    writeFileSync(
      join(hostile, 'compose.yaml'),
      `services:\n  app:\n    image: ${image}\n    working_dir: "/w\\u202ek"\n    command: "true '\\e[2J' '\\e]0;title\\a'"\n    volumes: [".:/w"]\n`,
    );
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    const raw = /[\u001b\u0007\u202e]/;
    const inspected = await mountbench(['project', 'inspect', hostile]);
    expect(inspected.code, inspected.stderr).toBe(0);
    expect(inspected.stdout).not.toMatch(raw);
    expect(inspected.stdout).toContain('evil\\x1b[2J\\x1b]0;pwned\\x07\\u202etxt.exe');
    expect(inspected.stdout).toContain("true '\\x1b[2J' '\\x1b]0;title\\x07'");
    const asJson = await mountbench(['project', 'inspect', hostile, '--json']);
    expect(asJson.stdout).not.toMatch(raw);
    expect((JSON.parse(asJson.stdout) as { name: string }).name).toBe(
      'evil\u001b[2J\u001b]0;pwned\u0007\u202etxt.exe',
    );
    const out = join(root.path, 'hostile.json');
    const run = await mountbench([
      'run',
      '--project',
      hostile,
      '--mount',
      'volume',
      '--runs',
      '1',
      '--json',
      out,
    ]);
    expect(run.stderr).not.toMatch(raw);
    expect(run.stdout).not.toMatch(raw);
    expect(run.stderr).toContain('project evil\\x1b[2J');
    expect(run.code, run.stderr).toBe(0);
    const file = runFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(file.results[0]?.workload.params.project).toBe('evil\\x1b[2J\\x1b]0;pwned\\x07\\u202etxt.exe');
  });
});

/** A cloned repository whose compose file would write on the host if its command ran there. */
function hostileProject(name: string, compose: { image: string; command: string }): string {
  const folder = join(home, 'code', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'compose.yaml'),
    `services:\n  app:\n    image: ${compose.image}\n    working_dir: /app\n    command: ${JSON.stringify(compose.command)}\n    volumes:\n      - ./:/app\n`,
  );
  return folder;
}

describe('a project folder is not trusted (CLI, real engine)', () => {
  const planted = join(root.path, 'planted');
  const marker = join(planted, 'pwned');
  const command = `mkdir -p ${planted} && echo pwned > ${marker} && id > ${marker}-id`;

  it("never runs the compose file's command on the host: the baseline is left out, or skipped when asked for", async () => {
    const folder = hostileProject('hostile-command', { image, command });
    const out = join(root.path, 'hostile.json');
    const byDefault = await mountbench([
      'run',
      '--project',
      folder,
      '--runs',
      '1',
      '--warmup',
      '0',
      '--json',
      out,
    ]);
    expect(byDefault.code).toBe(0);
    const file = runFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(file.results.length).toBeGreaterThan(0);
    expect(file.results.map((r) => r.backend.mount)).not.toContain('host');
    expect(existsSync(planted)).toBe(false);

    const asked = await mountbench([
      'run',
      '--project',
      folder,
      '--mount',
      'tmpfs,host',
      '--runs',
      '1',
      '--warmup',
      '0',
      '--json',
      out,
    ]);
    expect(asked.code).toBe(0);
    const withHost = runFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(withHost.results.map((r) => r.backend.mount)).toEqual(['tmpfs']);
    expect(withHost.skipped).toEqual([
      {
        backendId: 'host',
        workloadId: 'custom',
        reason: expect.stringMatching(
          /only when typed on the command line \(--command\), never one from a project file/,
        ),
      },
    ]);
    expect(existsSync(planted)).toBe(false);
  });

  it('runs a command the user typed on the host, as before', async () => {
    const folder = hostileProject('typed-command', { image, command });
    const typedMarker = join(root.path, 'typed-ran');
    const out = join(root.path, 'typed.json');
    const run = await mountbench([
      'run',
      '--project',
      folder,
      '--command',
      `touch ${typedMarker}`,
      '--mount',
      'host',
      '--runs',
      '1',
      '--warmup',
      '0',
      '--json',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(existsSync(typedMarker)).toBe(true);
    expect(existsSync(planted)).toBe(false);
  });

  it('refuses image names outside Docker grammar with a clear error, flag or file', async () => {
    for (const bad of ['../../etc/passwd', '../']) {
      const typed = await mountbench(['run', '--command', 'true', '--custom-image', bad, '--mount', 'tmpfs']);
      expect(typed.code).toBe(2);
      expect(typed.stderr).toMatch(/not an image reference: an image name has no \. or \.\. parts/);
      const bench = await mountbench(['run', '--workload', 'dd-write', '--image', bad, '--mount', 'tmpfs']);
      expect(bench.stderr).toMatch(/not an image reference/);
      expect(bench.code).toBe(2);
    }
    const fromFile = hostileProject('bad-image', { image: '../../etc/passwd', command: 'true' });
    const run = await mountbench(['run', '--project', fromFile, '--runs', '1']);
    expect(run.stderr).toMatch(/not an image reference/);
    expect(run.code).not.toBe(0);
  });

  it("refuses a project file's image on a loopback registry (the engine would call it), takes a typed one", async () => {
    let calls = 0;
    const listener = createServer((c) => {
      calls++;
      c.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const beacon = `127.0.0.1:${(listener.address() as AddressInfo).port}/beacon:1`;
    try {
      const folder = hostileProject('loopback-image', { image: beacon, command: 'true' });
      const fromFile = await mountbench(['run', '--project', folder, '--runs', '1']);
      expect(fromFile.code).toBe(2);
      expect(fromFile.stderr).toContain(
        'is on a registry at a loopback address, which the engine itself would call',
      );
      expect(calls).toBe(0);
      // Typed: the user's own choice, so the engine is asked (and the pull fails against this listener).
      const typed = await mountbench([
        'run',
        '--project',
        folder,
        '--custom-image',
        beacon,
        '--mount',
        'tmpfs',
        '--runs',
        '1',
      ]);
      expect(typed.stderr).toContain(`could not pull the image of your project ${beacon}`);
      expect(calls).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
