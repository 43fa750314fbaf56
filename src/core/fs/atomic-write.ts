// Crash-safe file replacement: readers see the old file or the new one, never a mix, and a crash
// leaves at worst a stray temp file (named `.<name>.<random>.tmp`), never a half-written target.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

/** Makes the rename itself durable. Windows cannot open a directory for fsync, and needs not to. */
export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `target` with `data` atomically (temp file in the same folder, write, fsync, rename,
 * fsync the folder).
 *
 * A symbolic link at `target` is refused with an error: renaming over it would silently turn the
 * user's link into a plain file, and writing through it would silently change a file somewhere
 * else. Neither is what the caller asked for, so the caller has to decide.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(target);
  // A new file gets `mode` (a backup keeps its original's), else 0644; an existing one keeps its own.
  let mode = options.mode ?? 0o644;
  try {
    const existing = await fs.lstat(target);
    if (existing.isSymbolicLink()) {
      throw new MountbenchError(
        'IO',
        `${target} is a symbolic link; refusing to replace it. Write to the file it points to, or remove the link.`,
      );
    }
    // Keep the permissions a user gave the file (e.g. 0600 on a settings file).
    mode = existing.mode & 0o7777;
  } catch (err) {
    if (err instanceof MountbenchError) throw err;
    if (errnoCode(err) !== 'ENOENT') {
      throw new MountbenchError('IO', `Cannot inspect ${target}: ${(err as Error).message}`, { cause: err });
    }
  }

  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: fs.FileHandle | undefined;
  try {
    // 'wx' = O_CREAT|O_EXCL: never opens (or follows a link at) a path someone else created.
    handle = await fs.open(temp, 'wx', mode);
    // The umask may have taken bits away from a new file; never more than the ones asked for.
    await handle.chmod(mode);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(temp, target);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    const code = errnoCode(err);
    const reason =
      code === 'ENOENT'
        ? `the folder ${dir} does not exist`
        : code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST'
          ? `${target} is a folder`
          : (err as Error).message;
    throw new MountbenchError('IO', `Could not write ${target}: ${reason}`, { cause: err });
  }
  try {
    await fsyncDir(dir);
  } catch (err) {
    throw new MountbenchError(
      'IO',
      `Wrote ${target} but could not flush its folder: ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  }
}
