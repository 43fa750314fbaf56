// Puts one journaled file back exactly as it was, byte for byte. Idempotent: a file already equal
// to its original is left alone, so a restore interrupted halfway can simply run again.
// The record was checked against the journal's scope before (restore-scope.ts); this still refuses
// what no record may ask for: a special mode, a special file, a backup that is a link.
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { readRegularFile } from '../fs/read-regular-file';
import { sha256 } from './journal';
import { MAX_SETTINGS_BYTES, type FileOriginal } from './journal-records';
import { isPlainMode } from './restore-scope';

/** Returns true when it had to change the file. */
export async function restoreFile(original: FileOriginal): Promise<boolean> {
  if (!isPlainMode(original.mode))
    throw new MountbenchError(
      'FILE_INVALID',
      `the journal asks for mode 0${(original.mode ?? 0).toString(8)} on ${original.path}, which is not plain permission bits; not restoring it`,
    );
  const current = await readRegularFile(original.path, { maxBytes: MAX_SETTINGS_BYTES }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      if (err instanceof MountbenchError) throw err;
      throw new MountbenchError('IO', `cannot read ${original.path} to restore it: ${err.message}`);
    },
  );
  if (!original.existed) {
    if (current === null) return false;
    await fs.rm(original.path, { force: true });
    return true;
  }
  if (current !== null && sha256(current) === original.sha256) return false;
  if (!original.backup) throw new MountbenchError('INTERNAL', `journal has no backup for ${original.path}`);
  const bytes = await readRegularFile(original.backup, {
    maxBytes: MAX_SETTINGS_BYTES,
    noFollow: true,
  }).catch((err: Error) => {
    throw new MountbenchError(
      'IO',
      `the backup ${original.backup} of ${original.path} is unreadable: ${err.message}`,
    );
  });
  if (sha256(bytes) !== original.sha256) {
    throw new MountbenchError(
      'FILE_INVALID',
      `the backup ${original.backup} does not match the original of ${original.path}; not restoring from it`,
    );
  }
  await writeFileAtomic(original.path, bytes);
  if (original.mode !== null) await fs.chmod(original.path, original.mode);
  const back = await fs.readFile(original.path);
  if (!back.equals(bytes))
    throw new MountbenchError('IO', `${original.path} reads back different after restoring it`);
  return true;
}
