// Runs the `mountbench` CLI as a child process with a given environment (a sandbox home).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(__dirname, '..', '..', 'bin', 'mountbench.js');

export interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The mountbench process: what it made carries it in its owner label. */
  pid: number;
}

export function mountbenchChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  onStderr?: (text: string, child: ChildProcess) => void,
  /** What to start: the checkout's launcher by default, or an installed `mountbench`. */
  command: readonly string[] = [process.execPath, BIN],
  /** For a test that signals on something other than the output (an engine's request log). */
  onSpawn?: (child: ChildProcess) => void,
): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const [file, ...first] = command;
    const child = spawn(file, [...first, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      onStderr?.(stderr, child);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, pid: child.pid ?? 0 }));
  });
}
