// Integration: real git, real bare repositories in a temp folder, several publishers at once.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunFile } from '../../shared/result-schema';
import { runFileJson } from '../store/run-json';
import { sampleRun } from '../store/test-support/run-fixture';
import { readMachineId } from './machine-id';
import { previewPublish, publish } from './publish';
import { pull } from './pull';

let base: string;
let bare: string;
const identity = { hostName: 'test-host.example', userName: 'tester', home: '/Users/tester' };
const quickBackoff = () => 5 + Math.random() * 40;

function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Planter', '-c', 'user.email=p@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

function runNamed(id: string, chip = 'Apple M1 Pro'): RunFile {
  const run = sampleRun({ id });
  run.machine.chip = chip;
  return run;
}

function publisher(name: string) {
  return {
    dataDirectory: path.join(base, name, 'data'),
    cacheDirectory: path.join(base, name, 'cache'),
    identity,
    backoffMs: quickBackoff,
  };
}

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-team-'));
  bare = path.join(base, 'team.git');
  execFileSync('git', ['init', '-q', '--bare', bare]);
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

// Real git child processes on a shared 2-core machine: a generous limit, not a timing claim.
describe('publish to a git repository', { timeout: 120_000 }, () => {
  it('loses no run when four data folders publish to one bare repository at once', async () => {
    const machines = ['a', 'b', 'c', 'd'];
    const perMachine = 3;
    await Promise.all(
      machines.map(async (m) => {
        for (let i = 0; i < perMachine; i += 1)
          await publish({ ...publisher(m), to: bare, runs: [runNamed(`run-${m}-${i}`)] });
      }),
    );
    const ids = await Promise.all(machines.map((m) => readMachineId(publisher(m).dataDirectory)));
    expect(new Set(ids).size).toBe(4);

    const pulled = await pull({ from: bare, cacheDirectory: path.join(base, 'reader') });
    expect(pulled.refused).toEqual([]);
    expect(pulled.machines).toEqual([...ids].sort());
    expect(pulled.runs.map((r) => r.run.id).sort()).toEqual(
      machines.flatMap((m) => Array.from({ length: perMachine }, (_, i) => `run-${m}-${i}`)).sort(),
    );
    for (const r of pulled.runs) expect(r.machineId).toBe(ids[machines.indexOf(r.run.id.split('-')[1])]);
    // One commit per publish, each authored by Mountbench, none by the user's git identity.
    const authors = sh(bare, 'log', '--format=%an <%ae>', 'mountbench-data').trim().split('\n');
    expect(authors).toHaveLength(machines.length * perMachine);
    expect(new Set(authors)).toEqual(new Set(['Mountbench <mountbench@users.noreply.invalid>']));
    // Nothing but runs in the tree.
    const tree = sh(bare, 'ls-tree', '-r', '--name-only', 'mountbench-data').trim().split('\n');
    for (const file of tree) expect(file).toMatch(/^machines\/m-[0-9a-f]{16}\/run-[a-d]-\d\.json$/);
  });

  it('publishes a run once, refuses a different run at the same path, and writes onto a branch of an existing repo', async () => {
    // A team repository with its own history on main: the dataset goes to a branch of its own.
    const work = path.join(base, 'work');
    execFileSync('git', ['clone', '-q', bare, work]);
    await fs.writeFile(path.join(work, 'README.md'), 'our project\n');
    sh(work, 'add', 'README.md');
    sh(work, 'commit', '-q', '-m', 'project');
    sh(work, 'push', '-q', 'origin', 'HEAD:refs/heads/main');

    const me = publisher('me');
    const first = await publish({ ...me, to: bare, branch: 'perf-data', runs: [runNamed('r1')] });
    expect(first.files.map((f) => f.status)).toEqual(['published']);
    expect(first.commit).toMatch(/^[0-9a-f]{40}$/);
    const again = await publish({ ...me, to: bare, branch: 'perf-data', runs: [runNamed('r1')] });
    expect(again.files.map((f) => f.status)).toEqual(['already-published']);
    expect(again.commit).toBeNull();
    await expect(
      publish({ ...me, to: bare, branch: 'perf-data', runs: [runNamed('r1', 'Apple M4')] }),
    ).rejects.toThrow(/already in the dataset with different content/);
    expect(sh(bare, 'ls-tree', '-r', '--name-only', 'main').trim()).toBe('README.md');
    expect(sh(bare, 'rev-list', '--count', 'perf-data').trim()).toBe('1');
    const pulled = await pull({ from: bare, branch: 'perf-data', cacheDirectory: path.join(base, 'reader') });
    expect(pulled.runs.map((r) => [r.run.id, r.run.machine.chip])).toEqual([['r1', 'Apple M1 Pro']]);
  });

  it('sends exactly what the preview shows', async () => {
    const me = publisher('me');
    const preview = await previewPublish({ ...me, runs: [runNamed('r1')] });
    expect(preview.machineId).toBeNull();
    expect(preview.files[0].path).toBe('machines/<new>/r1.json');
    const outcome = await publish({ ...me, to: bare, runs: [runNamed('r1')] });
    const sent = sh(bare, 'show', `mountbench-data:${outcome.files[0].path}`);
    expect(sent).toBe(preview.files[0].text);
    expect(sent).not.toContain('/Users/alice');
  });

  it('refuses hostile files in the dataset by name and returns the rest', async () => {
    await publish({ ...publisher('a'), to: bare, runs: [runNamed('good-1'), runNamed('good-2')] });
    const work = path.join(base, 'hostile');
    execFileSync('git', ['clone', '-q', '-b', 'mountbench-data', bare, work]);
    const m = 'm-00000000000000aa';
    await fs.mkdir(path.join(work, 'machines', m), { recursive: true });
    await fs.writeFile(path.join(work, 'machines', m, 'bad-json.json'), '{"schema": ');
    const wrongSchema = JSON.parse(runFileJson(sampleRun({ id: 'wrong-schema' })));
    wrongSchema.results[0].stats = { mean: 'fast' };
    await fs.writeFile(path.join(work, 'machines', m, 'wrong-schema.json'), JSON.stringify(wrongSchema));
    await fs.symlink('/etc/passwd', path.join(work, 'machines', m, 'link.json'));
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x20);
    await fs.writeFile(path.join(work, 'machines', m, 'huge.json'), huge);
    await fs.writeFile(path.join(work, 'machines', m, 'Bad Name.json'), runFileJson(sampleRun({ id: 'x' })));
    await fs.writeFile(path.join(work, 'mountbench-dataset.json'), '{}');
    sh(work, 'add', '-A');
    sh(work, 'commit', '-q', '-m', 'hostile');
    sh(work, 'push', '-q', 'origin', 'HEAD:refs/heads/mountbench-data');

    const pulled = await pull({ from: bare, cacheDirectory: path.join(base, 'reader') });
    expect(pulled.runs.map((r) => r.run.id)).toEqual(['good-1', 'good-2']);
    const reasons = Object.fromEntries(pulled.refused.map((r) => [r.file, r.reason]));
    expect(Object.keys(reasons).sort()).toEqual(
      [
        `machines/${m}/Bad Name.json`,
        `machines/${m}/bad-json.json`,
        `machines/${m}/huge.json`,
        `machines/${m}/link.json`,
        `machines/${m}/wrong-schema.json`,
        'mountbench-dataset.json',
      ].sort(),
    );
    expect(reasons[`machines/${m}/link.json`]).toMatch(/symbolic link/);
    expect(reasons[`machines/${m}/huge.json`]).toMatch(/20\.0 MB/);
    expect(reasons[`machines/${m}/wrong-schema.json`]).toMatch(/stats/);
    expect(reasons[`machines/${m}/Bad Name.json`]).toMatch(/not a run id/);
    // A publish still works on top of a dataset that holds hostile files.
    const later = await publish({ ...publisher('a'), to: bare, runs: [runNamed('good-3')] });
    expect(later.files[0].status).toBe('published');
  });

  it('runs no hook a repository brings', async () => {
    const marker = path.join(base, 'hook-ran');
    // A hook in the cached clone (planted there, or by a template) must not run: post-commit and
    // pre-push are not skipped by --no-verify, only by core.hooksPath=/dev/null.
    const me = publisher('me');
    await publish({ ...me, to: bare, runs: [runNamed('r1')] });
    const clone = (await fs.readdir(path.join(me.cacheDirectory, 'team'))).find((n) => !n.endsWith('.lock'))!;
    const local = path.join(me.cacheDirectory, 'team', clone);
    await fs.writeFile(
      path.join(local, '.git', 'hooks', 'pre-commit'),
      `#!/bin/sh\ntouch ${marker}-local\n`,
      {
        mode: 0o755,
      },
    );
    await publish({ ...me, to: bare, runs: [runNamed('r2')] });
    await expect(fs.stat(`${marker}-local`)).rejects.toThrow();
  });
});

describe('publish to a plain folder', { timeout: 60_000 }, () => {
  it('writes the runs into the folder and reads them back; refuses a folder that is not a dataset', async () => {
    const shared = path.join(base, 'shared');
    await fs.mkdir(shared);
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((m) => publish({ ...publisher(m), to: shared, runs: [runNamed(`run-${m}`)] })),
    );
    const pulled = await pull({ from: shared, cacheDirectory: path.join(base, 'reader') });
    expect(pulled.runs.map((r) => r.run.id).sort()).toEqual(['run-a', 'run-b', 'run-c', 'run-d']);
    expect(pulled.machines).toHaveLength(4);

    const home = path.join(base, 'home');
    await fs.mkdir(home);
    await fs.writeFile(path.join(home, 'notes.txt'), 'mine');
    await expect(publish({ ...publisher('a'), to: home, runs: [runNamed('x')] })).rejects.toThrow(
      /neither empty nor a Mountbench dataset/,
    );
    expect(await fs.readdir(home)).toEqual(['notes.txt']);
  });
});

describe('remotes', () => {
  it('refuses an address git would read as an option or a command', async () => {
    const me = publisher('me');
    await expect(publish({ ...me, to: '--upload-pack=touch /tmp/x', runs: [runNamed('r')] })).rejects.toThrow(
      /starts with "-"/,
    );
    await expect(publish({ ...me, to: 'ext::sh -c touch% /tmp/x', runs: [runNamed('r')] })).rejects.toThrow(
      /remote helper/,
    );
    await expect(publish({ ...me, to: bare, branch: '-f', runs: [runNamed('r')] })).rejects.toThrow(
      /not a branch name/,
    );
    await expect(publish({ ...me, to: bare, branch: 'a/../b', runs: [runNamed('r')] })).rejects.toThrow(
      /not a branch name/,
    );
  });
});
