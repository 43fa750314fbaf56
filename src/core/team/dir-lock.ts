// One publish or pull at a time per cached clone on this machine (a launchd agent and a user at the
// terminal may start one together): a lock folder beside the clone, made with mkdir, which either
// creates it or fails. A lock older than STALE_MS is from a process that died and is taken over.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { makeDirs } from '../fs/make-dirs';

const STALE_MS = 10 * 60_000;
const WAIT_MS = 3 * 60_000;

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withDirLock<T>(lock: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const started = Date.now();
  await makeDirs(path.dirname(lock));
  for (;;) {
    signal?.throwIfAborted();
    try {
      await fs.mkdir(lock);
      break;
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw err;
      const stat = await fs.stat(lock).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_MS) {
        await fs.rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > WAIT_MS)
        throw new MountbenchError(
          'BUSY',
          `another Mountbench publish or pull has held ${lock} for over ${WAIT_MS / 60_000} minutes; try again later`,
        );
      await sleep(100 + Math.random() * 200);
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { recursive: true, force: true }).catch(() => undefined);
  }
}
