// One settings change at a time, across processes. Two `apply --yes` (or a sweep and an apply, or
// the app's start restoring while `mountbench apply` runs) started at the same moment would both
// find no unfinished journal and both change the product; the check has to be a lock.
//
// The lock is `journal/change.lock`, created atomically (a hard link, which fails with EEXIST as
// O_EXCL does): of two processes racing, exactly one creates it. It records its holder's pid and
// start time, so a lock left by a process that died (SIGKILL, a power cut) is recognised
// (process-identity.ts: a pid counts only with the same start) and taken over. Taking over goes through a second exclusive file, so two processes that both find
// the stale lock cannot both take it. Released when the journal closes, and on any exit of the
// process (an 'exit' hook, synchronous), so only a crash leaves one, which the next taker clears.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, promises as fs, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { ownStartedAt, ownerStillRunning, type RecordedOwner } from './process-identity';

export const CHANGE_LOCK_NAME = 'change.lock';
/** A takeover file older than this was left by a process that died in the middle of a takeover. */
const TAKEOVER_STALE_MS = 10_000;
const MAX_LOCK_BYTES = 4096;

interface LockRecord extends RecordedOwner {
  purpose: string;
  at: string;
}

export interface ChangeLock {
  readonly file: string;
  release(): Promise<void>;
}

const held = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of held) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  });
}

function errnoCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** The holder the lock file names, or null when it names none (torn, foreign, empty). */
async function readHolder(file: string): Promise<LockRecord | null | 'gone'> {
  let text: string;
  try {
    const handle = await fs.open(file, 'r');
    try {
      const buffer = Buffer.alloc(MAX_LOCK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, MAX_LOCK_BYTES, 0);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return 'gone';
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isSafeInteger(parsed.pid) || (parsed.pid as number) <= 0) return null;
    return {
      pid: parsed.pid as number,
      ...(typeof parsed.pidStartedAt === 'number' ? { pidStartedAt: parsed.pidStartedAt } : {}),
      purpose: typeof parsed.purpose === 'string' ? parsed.purpose.slice(0, 200) : 'a settings change',
      at: typeof parsed.at === 'string' ? parsed.at.slice(0, 40) : '?',
    };
  } catch {
    return null;
  }
}

/**
 * Creates `file` holding `record`, or returns false when it exists. The record is written to a
 * file of this process's own and hard-linked into place (link fails with EEXIST like O_EXCL), so
 * the lock never exists half-written: another process never reads an empty lock and thinks it stale.
 */
function tryCreate(file: string, record: LockRecord): boolean {
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(own, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(record));
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(own, file);
    return true;
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    // A file system without hard links (some network and FUSE shares): O_EXCL itself.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errnoCode(err) ?? '')) throw err;
    return createExclusive(file, record);
  } finally {
    rmSync(own, { force: true });
  }
}

function createExclusive(file: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(record));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Removes the stale lock, once, under the takeover file; false when another process is doing it. */
async function takeOver(file: string, stale: LockRecord | null): Promise<boolean> {
  const takeover = `${file}.takeover`;
  if (!tryCreate(takeover, { pid: process.pid, purpose: 'takeover', at: new Date().toISOString() })) {
    const age = await fs.stat(takeover).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > TAKEOVER_STALE_MS) await fs.rm(takeover, { force: true });
    return false;
  }
  try {
    // Still the same dead holder? (Another process may have taken over and locked in between.)
    const now = await readHolder(file);
    if (now === 'gone') return true;
    const same = stale === null ? now === null : now !== null && now.pid === stale.pid && now.at === stale.at;
    if (!same) return false;
    await fs.rm(file, { force: true });
    return true;
  } finally {
    await fs.rm(takeover, { force: true });
  }
}

/**
 * Takes the lock in `dir` for `purpose`, or throws BUSY naming who holds it. A lock whose holder is
 * dead is taken over. The directory must exist.
 */
export async function takeChangeLock(dir: string, purpose: string): Promise<ChangeLock> {
  const file = path.join(dir, CHANGE_LOCK_NAME);
  const startedAt = await ownStartedAt();
  const record: LockRecord = {
    pid: process.pid,
    ...(startedAt !== null ? { pidStartedAt: startedAt } : {}),
    purpose: purpose.slice(0, 200),
    at: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, record)) {
      installExitHook();
      held.add(file);
      let released = false;
      return {
        file,
        async release() {
          if (released) return;
          released = true;
          held.delete(file);
          await fs.rm(file, { force: true });
        },
      };
    }
    const holder = await readHolder(file);
    if (holder === 'gone') continue;
    // A lock naming no process (never written by us: links make it whole) counts as dead.
    const alive =
      holder !== null && (holder.pid === process.pid ? held.has(file) : await ownerStillRunning(holder));
    if (alive) {
      const self = holder.pid === process.pid ? ' (this process)' : '';
      throw new MountbenchError(
        'BUSY',
        `another settings change is in progress: ${holder.purpose}, process ${holder.pid}${self}, ` +
          `since ${holder.at}. Only one sweep or apply may change settings at a time; wait for it to end ` +
          'or cancel it. Nothing was changed.',
      );
    }
    await takeOver(file, holder);
    await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
  }
  throw new MountbenchError(
    'BUSY',
    `another process is taking the settings lock (${file}) at the same moment; try again. Nothing was changed.`,
  );
}
