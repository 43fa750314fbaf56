// An exec's exit code, read once the engine says the process has ended. The attached stream can
// end before the process does: across a forwarded socket to a slow VM (the QEMU rig), a tar fed on
// stdin closed its stream while still writing, and the inspect right after answered `Running: true`
// with no exit code, which read as "exit -1". So the inspect is repeated, briefly, until the process
// has ended, within a bound, and a process that never ends is named rather than waited on for ever.
import { setTimeout as sleep } from 'node:timers/promises';
import { MountbenchError } from '../../shared/errors';

/** What an exec's inspect answers that matters here (dockerode's ExecInspectInfo). */
export interface ExecState {
  Running: boolean;
  ExitCode: number | null;
}

export interface Inspectable {
  inspect(options?: object): Promise<ExecState>;
}

const FIRST_WAIT_MS = 20;
const LONGEST_WAIT_MS = 500;
export const EXIT_WAIT_LIMIT_MS = 60_000;

export async function exitCodeOf(
  exec: Inspectable,
  signal: AbortSignal,
  limitMs = EXIT_WAIT_LIMIT_MS,
): Promise<number> {
  const deadline = Date.now() + limitMs;
  let wait = FIRST_WAIT_MS;
  for (;;) {
    const info = await exec.inspect({ abortSignal: signal });
    if (!info.Running) return info.ExitCode ?? -1;
    if (Date.now() + wait > deadline)
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `the command's output ended but the engine still reports it running after ${Math.round(limitMs / 1000)} s`,
      );
    // A cancel ends the wait with the cancel's own reason, as every other step of a run does.
    await sleep(wait, undefined, { signal }).catch(() => signal.throwIfAborted());
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
  }
}
