// An empty HOME used to put results and the journal under whatever folder Mountbench was started
// in: it is refused before anything starts, with a message that says what to do. The real CLI runs
// as a child process in a throwaway folder.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, type ChildOutcome } from './mountbench-child';
import { tempDir } from './support';

const root = tempDir('start-messages');
afterAll(() => root.remove());

/** The CLI with `cwd` as its working folder (mountbenchChild keeps the test's own). */
function cli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, pid: child.pid ?? 0 }));
  });
}

describe('refused before any work starts', () => {
  it('an empty HOME: restore, results and run say so and write nothing in the current folder', async () => {
    const cwd = join(root.path, 'cwd');
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: '' };
    delete env.MOUNTBENCH_DATA_DIR;
    delete env.XDG_DATA_HOME;
    mkdirSync(cwd);
    for (const args of [
      ['restore'],
      ['results'],
      ['run', '--workload', 'small-file-read', '--mount', 'tmpfs'],
    ]) {
      const out = await cli(args, env, cwd);
      expect(out.stderr, args.join(' ')).toMatch(/HOME is empty; .*Set HOME to your home folder/);
      expect(out.code, args.join(' ')).toBe(2);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });
});
