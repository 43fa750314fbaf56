// `mountbench publish` and `mountbench team pull` end to end: a real bare repository, real git.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRun } from '../../core/store';
import { parseRunFileText } from '../../core/store/parse-run-file';
import { sampleRun } from '../../core/store/test-support/run-fixture';
import { registerPublishCommand } from './publish';
import { registerTeamCommand } from './team';

let root: string;
let bare: string;
let out: string;
let err: string;
const saved = { data: process.env.MOUNTBENCH_DATA_DIR, cache: process.env.MOUNTBENCH_CACHE_DIR };

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-cli-publish-'));
  bare = path.join(root, 'team.git');
  execFileSync('git', ['init', '-q', '--bare', bare]);
  process.env.MOUNTBENCH_DATA_DIR = path.join(root, 'data');
  process.env.MOUNTBENCH_CACHE_DIR = path.join(root, 'cache');
  const engine = { ...sampleRun().engine!, productVersion: '4.37.1' };
  await saveRun(sampleRun({ id: 'run-one', engine }), path.join(root, 'data', 'results'));
  out = '';
  err = '';
});
afterEach(async () => {
  process.env.MOUNTBENCH_DATA_DIR = saved.data;
  process.env.MOUNTBENCH_CACHE_DIR = saved.cache;
  if (saved.data === undefined) delete process.env.MOUNTBENCH_DATA_DIR;
  if (saved.cache === undefined) delete process.env.MOUNTBENCH_CACHE_DIR;
  await fs.rm(root, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<void> {
  const program = new Command('mountbench').exitOverride();
  const io = {
    resultsDir: () => path.join(root, 'data', 'results'),
    out: (text: string) => (out += text),
    err: (text: string) => (err += text),
  };
  registerPublishCommand(program, io);
  registerTeamCommand(program, io);
  await program.parseAsync(['node', 'mountbench', ...args]);
}

describe('mountbench publish / team pull', { timeout: 60_000 }, () => {
  it('prints exactly what it then sends, and pull reads it back', async () => {
    await cli(['publish', '--to', bare, '--dry-run', '--label', 'Build Mac 3', 'run-one']);
    const shown = out;
    expect(err).toMatch(/==> machines\/<new>\/run-one\.json <==/);
    expect(err).toMatch(/nothing sent/);
    const run = parseRunFileText(shown, 'dry run');
    expect(run.machine.label).toBe('Build Mac 3');
    expect(run.engine?.productVersion).toBe('4.37.1');
    expect(shown).not.toContain('/Users/alice');
    // A dry run sends nothing and makes no machine id.
    expect(execFileSync('git', ['-C', bare, 'branch', '--list'], { encoding: 'utf8' })).toBe('');
    await expect(fs.stat(path.join(root, 'data', 'team-machine-id'))).rejects.toThrow();

    out = '';
    await cli(['publish', '--to', bare, '--label', 'Build Mac 3', 'run-one']);
    const file = /as (machines\/m-[0-9a-f]{16}\/run-one\.json)/.exec(out)?.[1];
    expect(file).toBeDefined();
    expect(out).toMatch(/branch mountbench-data: commit [0-9a-f]{12}/);
    expect(execFileSync('git', ['-C', bare, 'show', `mountbench-data:${file}`], { encoding: 'utf8' })).toBe(
      shown,
    );

    out = '';
    await cli(['team', 'pull', bare]);
    expect(out).toMatch(
      /^1 run\(s\) from 1 machine\(s\) in .*team\.git, branch mountbench-data at [0-9a-f]{12}\n/,
    );
    expect(out).toContain('Apple M1 Pro  "Build Mac 3"  docker-desktop 4.37.1\n');
    out = '';
    await cli(['team', 'pull', bare, '--json']);
    const json = JSON.parse(out) as { runs: { id: string; file: string }[]; refused: unknown[] };
    expect(json.runs).toEqual([
      expect.objectContaining({
        id: 'run-one',
        file,
        productVersion: '4.37.1',
        engineVersion: '26.0.0',
        versionSource: 'product',
      }),
    ]);
    expect(json.refused).toEqual([]);
  });

  it('refuses a label with control characters and a run that is not stored', async () => {
    await expect(cli(['publish', '--to', bare, '--label', 'a\u001b[2Jb', 'run-one'])).rejects.toThrow(
      /the label holds/,
    );
    await expect(cli(['publish', '--to', bare, 'no-such-run'])).rejects.toThrow(/neither a file nor the id/);
  });
});
