// For tests: run a workload's shell text the way the runner does (reset untimed, then the timed
// script with its stdout discarded), in any environment that can run `sh` in the workload folder.
import { spawn } from 'node:child_process';
import type { WorkloadCase } from './workload';

export interface ShellResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs shell text with the workload folder as the working directory. */
export type WorkloadShell = (script: string) => Promise<ShellResult>;

export interface HostShellOptions {
  /** The shell and its leading arguments, e.g. `['bash', '--posix']`; default `['sh']`. */
  shell?: string[];
  /** A folder put first on PATH, to stand other tools in for the system's (a BSD awk). */
  pathPrefix?: string;
}

export function hostShell(dir: string, options: HostShellOptions = {}): WorkloadShell {
  const [command, ...args] = options.shell ?? ['sh'];
  const env = options.pathPrefix
    ? { ...process.env, PATH: `${options.pathPrefix}:${process.env.PATH}` }
    : process.env;
  return (script) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, [...args, '-c', script], {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
    });
}

/** One sample as the runner takes it, minus the clock reads. */
export function runCase(shell: WorkloadShell, workloadCase: WorkloadCase): Promise<ShellResult> {
  return shell(`${workloadCase.reset ?? ':'}\n{\n${workloadCase.script}\n} >/dev/null`);
}

/** Shell text that must succeed; its stdout, trimmed. */
export async function mustRun(shell: WorkloadShell, script: string): Promise<string> {
  const result = await shell(script);
  if (result.exitCode !== 0)
    throw new Error(`\`${script.slice(0, 80)}\` failed with ${result.exitCode}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}
