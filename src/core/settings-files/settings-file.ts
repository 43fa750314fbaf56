// Reading and writing another product's settings file safely (docs/architecture.md, `settings-files/`): refuse a
// symlink, a non-regular file, a read-only file; write only over the exact bytes we read (if the
// product rewrote it meanwhile, stop); only after the journal holds a backup; atomically; then read
// it back and compare.
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../shared/errors';
import { sha256 } from '../journal/journal';
import type { FileOriginal } from '../journal/journal-records';
import { writeFileAtomic } from '../fs/atomic-write';
import { NotReadableFile, readRegularFile } from '../fs/read-regular-file';

/** A product's settings file is a few KB; well under the journal's bound on a backup (MAX_SETTINGS_BYTES). */
export const SETTINGS_FILE_MAX_BYTES = 1024 * 1024;

export interface SettingsFile {
  path: string;
  text: string;
  /** sha256 of the bytes read: what a later write checks the file still holds. */
  sha256: string;
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** Reads a settings file; throws FILE_INVALID (missing) or IO (symlink, not a file, unreadable). */
export async function readSettingsFile(path: string): Promise<SettingsFile> {
  let stat;
  try {
    stat = await fs.lstat(path);
  } catch (err) {
    if (code(err) === 'ENOENT' || code(err) === 'ENOTDIR') {
      throw new MountbenchError(
        'FILE_INVALID',
        `${path} does not exist; the product has not written its settings yet (start it once).`,
      );
    }
    throw new MountbenchError('IO', `cannot inspect ${path}: ${(err as Error).message}`);
  }
  if (stat.isSymbolicLink()) {
    throw new MountbenchError(
      'IO',
      `${path} is a symbolic link; Mountbench does not edit settings through links. Nothing was changed.`,
    );
  }
  if (!stat.isFile()) throw new MountbenchError('IO', `${path} is not a regular file. Nothing was changed.`);
  const bytes = await readSettingsBytes(path);
  return { path, text: bytes.toString('utf8'), sha256: sha256(bytes) };
}

/**
 * A settings file's bytes, at most SETTINGS_FILE_MAX_BYTES: never a link, never waiting on a FIFO,
 * an over-size file refused by its size before it is read (a 500 MB one took seconds and half a GB,
 * a larger one ended in V8's string limit with no file named).
 */
export async function readSettingsBytes(path: string): Promise<Buffer> {
  try {
    return await readRegularFile(path, { maxBytes: SETTINGS_FILE_MAX_BYTES, noFollow: true });
  } catch (err) {
    if (err instanceof NotReadableFile)
      throw new MountbenchError(
        'FILE_INVALID',
        `${err.message}: a settings file is a few KB, so this is not one Mountbench will read or change. Nothing was changed.`,
      );
    throw new MountbenchError('IO', `cannot read ${path}: ${(err as Error).message}`);
  }
}

/**
 * Throws IO when the file may not be written: read-only by its mode (checked on the bits, since
 * root may write anything) or by access(2), or its folder cannot take the temp file.
 */
export async function assertWritable(path: string): Promise<void> {
  const stat = await fs.lstat(path);
  if (stat.isSymbolicLink()) {
    throw new MountbenchError(
      'IO',
      `${path} is a symbolic link; Mountbench does not edit settings through links. Nothing was changed.`,
    );
  }
  const ownerWrite = (stat.mode & 0o200) !== 0;
  let accessOk = true;
  try {
    await fs.access(path, fs.constants.W_OK);
  } catch {
    accessOk = false;
  }
  if (!ownerWrite || !accessOk) {
    throw new MountbenchError(
      'IO',
      `${path} is read-only; Mountbench will not change it. Make it writable, or leave this product out.`,
    );
  }
}

/**
 * Replaces `before` (as read by readSettingsFile) with `text`. `original` is the journal record
 * of this path: proof the original bytes were backed up first.
 */
export async function writeSettingsFile(
  before: SettingsFile,
  text: string,
  original: FileOriginal,
): Promise<void> {
  if (original.path !== before.path) {
    throw new MountbenchError('INTERNAL', `no journal backup of ${before.path}; refusing to write it`);
  }
  await assertWritable(before.path);
  const now = await readSettingsFile(before.path);
  if (now.sha256 !== before.sha256) {
    throw new MountbenchError(
      'IO',
      `${before.path} changed while Mountbench was editing it (is the product still running?). Nothing was written.`,
    );
  }
  if (text === before.text) return;
  await writeFileAtomic(before.path, text);
  const back = (await readSettingsBytes(before.path)).toString('utf8');
  if (back !== text)
    throw new MountbenchError('IO', `${before.path} reads back different from what was written`);
}
