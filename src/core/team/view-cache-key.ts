// The secret that signs saved Team views. The views live in Mountbench's cache folder, which on a
// Mac sits inside what the engines share with containers (fixtures are laid there), so anything
// that runs in a container may write it; the key lives in the data folder, which nothing shares,
// and a view whose MAC does not verify is read as no view at all. Random, made on first use, kept
// private to the user. Several processes may make it at once: it is published with a hard link,
// which fails instead of replacing a key another process wrote first, and that one is used.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../fs/read-regular-file';
import { makeDirs } from '../fs/make-dirs';

export const VIEW_KEY_FILE = 'team-view-cache.key';
const KEY_BYTES = 32;

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

async function readKey(file: string): Promise<Buffer | null> {
  try {
    const text = (await readRegularFile(file, { maxBytes: 200, noFollow: true })).toString('utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : null;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw err;
  }
}

/**
 * This data folder's key, made if there is none. A file there that is not a key (cut short, edited)
 * is replaced: it only ever signed views in the cache, which then read as stale and are rebuilt.
 */
export async function viewCacheKey(dataDirectory: string): Promise<Buffer> {
  const file = path.join(dataDirectory, VIEW_KEY_FILE);
  const stored = await readKey(file);
  if (stored) return stored;
  await makeDirs(dataDirectory);
  const temp = path.join(dataDirectory, `.${VIEW_KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      await fs.link(temp, file);
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw err;
      // Another process's key, or a broken file: keep a good one, replace a broken one.
      if ((await readKey(file)) === null) await fs.rename(temp, file);
    }
  } finally {
    await fs.rm(temp, { force: true }).catch(() => undefined);
  }
  const key = await readKey(file);
  if (key === null) throw new Error(`the team view key in ${dataDirectory} vanished as it was written`);
  return key;
}
