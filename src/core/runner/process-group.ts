// Host shells in their own process group. A workload (the user's --command above all) may start
// children of its own; ending only `sh` would leave them running and holding the output pipes, so
// the CLI could not exit. On cancel, and when the shell ends, the whole group is ended.
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';

function endGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    // A negative pid names the group the detached child leads.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * `sh -c script` as the leader of a new process group, ended with everything in it on abort.
 * All three streams are pipes; a caller with nothing to send ends stdin at once.
 */
export function spawnShellGroup(
  script: string,
  signal: AbortSignal,
  /** The shell's argv (default `sh`; the bench image's `busybox sh` for the host baseline) and env. */
  shell: { argv: readonly [string, ...string[]]; env?: NodeJS.ProcessEnv } = { argv: ['sh'] },
): ChildProcessWithoutNullStreams {
  const [command, ...args] = shell.argv;
  const child = spawn(command, [...args, '-c', script], { detached: true, env: shell.env ?? process.env });
  const onAbort = () => endGroup(child);
  signal.addEventListener('abort', onAbort, { once: true });
  child.on('exit', () => {
    signal.removeEventListener('abort', onAbort);
    // What the shell left in the background is part of the workload, and the workload is over.
    endGroup(child);
  });
  return child;
}

/** Ends a group started by spawnShellGroup (a session closed before its shell ended). */
export function endShellGroup(child: ChildProcess): void {
  endGroup(child);
}
