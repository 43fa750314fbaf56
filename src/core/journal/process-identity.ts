// Is the process that wrote a journal record still running? A pid alone cannot say: after a reboot
// (or enough processes) the same number belongs to something else, and a journal would then be
// "owned by a running sweep" forever. So records carry their writer's start time, and a pid counts
// as the owner only while the process with that pid started at that time.
import { pidIsAlive } from '../host-processes/pid-alive';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { statField, USER_HZ } from '../proc-stat';

/** Start times come from clocks with one-second (ps) or boot-time (Linux btime) precision. */
const SAME_START_MS = 2000;

/** Linux: /proc/<pid>/stat field 22 is the start in clock ticks after boot (USER_HZ, 100). */
async function linuxStartedAt(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(statField(stat, 22));
    const btime = /^btime (\d+)$/m.exec(await fs.readFile('/proc/stat', 'utf8'));
    if (!Number.isFinite(ticks) || !btime) return null;
    return Number(btime[1]) * 1000 + ticks * (1000 / USER_HZ);
  } catch {
    return null;
  }
}

/** macOS and other Unixes: `ps -o lstart=` prints the start as a local date, e.g. "Tue Dec  1 10:21:09 2026". */
function psStartedAt(pid: number): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      'ps',
      ['-o', 'lstart=', '-p', String(pid)],
      { timeout: 3000, env: { ...process.env, LC_ALL: 'C' } },
      (err, stdout) => {
        const at = err ? Number.NaN : Date.parse(stdout.trim().replace(/\s+/g, ' '));
        resolve(Number.isFinite(at) ? at : null);
      },
    );
  });
}

/** When process `pid` started (ms since the epoch), or null when it is gone or cannot be told. */
export async function processStartedAt(pid: number): Promise<number | null> {
  if (process.platform === 'win32') return null;
  return process.platform === 'linux' ? linuxStartedAt(pid) : psStartedAt(pid);
}

let ownStart: Promise<number | null> | undefined;

/** This process's start, as the same clock reads it for others. */
export function ownStartedAt(): Promise<number | null> {
  ownStart ??= processStartedAt(process.pid);
  return ownStart;
}

export interface RecordedOwner {
  pid: number;
  /** The writer's start time, recorded with the pid (absent in journals of older versions). */
  pidStartedAt?: number;
  /** For records without pidStartedAt: a process that started after this cannot have written them. */
  writtenBy?: number;
}

/** True while the process that wrote the record still runs (pid alive AND the same start time). */
export async function ownerStillRunning(owner: RecordedOwner): Promise<boolean> {
  if (owner.pid === process.pid || !pidIsAlive(owner.pid)) return false;
  const startedAt = await processStartedAt(owner.pid);
  // Cannot tell (another user's process on some systems): assume it is the owner, as before.
  if (startedAt === null) return true;
  if (owner.pidStartedAt !== undefined) return Math.abs(startedAt - owner.pidStartedAt) <= SAME_START_MS;
  if (owner.writtenBy !== undefined) return startedAt <= owner.writtenBy + SAME_START_MS;
  return true;
}
