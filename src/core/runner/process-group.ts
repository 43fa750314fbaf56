// Host shells in their own process group. A workload (the user's --command above all) may start
// children of its own; ending only `sh` would leave them running and holding the output pipes, so
// the CLI could not exit. On cancel, and when the shell ends, the whole group is ended, and with it
// every process that still carries the shell's tag in its environment: a child that left the group
// with `setsid` (a daemonising dev server) is found by the tag it inherited. On cancel, while the
// shell still runs, its descendants are also found by their parent links, so a child that left the
// group and cleared its environment (`setsid env -i …`) is ended too. Not caught: such a child whose
// parents ended before it is looked for (the shell's normal end, or a double fork): it is then the
// init process's child, with nothing left that ties it to the workload. Catching it would take a
// subreaper (Linux's PR_SET_CHILD_SUBREAPER, which Node cannot set without a native add-on) or a
// cgroup per workload; macOS, where the host baseline matters, has neither.
import {
  execFileSync,
  spawn,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
} from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isPidEntry } from '../proc-stat';
import { descendantPids } from '../host-processes/process-tree';

/** Set in each shell's environment; children inherit it unless they clear their environment. */
export const WORKLOAD_TAG_VARIABLE = 'MOUNTBENCH_WORKLOAD_TAG';

const tags = new WeakMap<ChildProcess, string>();

/** Pids of this user's processes whose environment holds `entry` (Linux: /proc; macOS: ps). */
function taggedPids(entry: string): number[] {
  if (process.platform === 'linux') {
    const found: number[] = [];
    for (const name of readdirSync('/proc')) {
      if (!isPidEntry(name)) continue;
      try {
        const environ = readFileSync(`/proc/${name}/environ`, 'latin1');
        if (environ.split('\0').includes(entry)) found.push(Number(name));
      } catch {
        // Gone already, or another user's: not ours to end.
      }
    }
    return found;
  }
  if (process.platform === 'darwin') {
    try {
      // `e` appends the environment of the user's own processes to their command line.
      const out = execFileSync('ps', ['-axeww', '-o', 'pid=,command='], {
        encoding: 'latin1',
        timeout: 5000,
        maxBuffer: 64 * 1024 * 1024,
      });
      return out
        .split('\n')
        .filter((line) => line.includes(` ${entry}`))
        .map((line) => Number.parseInt(line.trim(), 10))
        .filter(Number.isInteger);
    } catch {
      return [];
    }
  }
  return [];
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // ESRCH: already gone.
  }
}

function endGroup(child: ChildProcess): void {
  if (!child.pid) return;
  // Looked for first: once the shell is ended, its children belong to init and no link is left.
  const shellRuns = child.exitCode === null && child.signalCode === null;
  const descendants = shellRuns ? descendantPids(child.pid) : [];
  // A negative pid names the group the detached child leads.
  kill(-child.pid);
  for (const pid of descendants) if (pid !== process.pid) kill(pid);
  const tag = tags.get(child);
  if (tag)
    for (const pid of taggedPids(`${WORKLOAD_TAG_VARIABLE}=${tag}`)) if (pid !== process.pid) kill(pid);
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
  const tag = randomBytes(8).toString('hex');
  const env = { ...(shell.env ?? process.env), [WORKLOAD_TAG_VARIABLE]: tag };
  const child = spawn(command, [...args, '-c', script], { detached: true, env });
  tags.set(child, tag);
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
