// What a journal may restore. A journal is a file on disk, so a planted or edited one must not be
// able to turn `restore` (which runs by itself at every start) into "write, delete or chmod any
// path": every file record must name one of its owner's own settings files under the home the
// journal was written for, its backup must be in the journal's own folder, and its mode plain
// permission bits. A journal with any other record is refused whole, named, and left alone.
import path from 'node:path';
import type { FileOriginal, JournalOwner, JournalRecord } from './journal-records';

export interface RestoreScope {
  /** The home restore runs for now: a journal written for another home is refused. */
  home: string;
  /** The settings files `owner` may put back, under `home`: the product's own files, nothing else. */
  ownedFiles(owner: JournalOwner): readonly string[];
}

/** Plain permission bits: never setuid (04000), setgid (02000) or sticky (01000). */
export const PLAIN_MODE_BITS = 0o777;

export function isPlainMode(mode: number | null): boolean {
  return mode === null || (Number.isInteger(mode) && mode >= 0 && (mode & ~PLAIN_MODE_BITS) === 0);
}

function fileProblem(f: FileOriginal, backupDir: string, scope: RestoreScope): string | null {
  if (!scope.ownedFiles(f.owner).includes(f.path))
    return `${f.path} is not a settings file of ${f.owner} under ${scope.home}`;
  if (!isPlainMode(f.mode))
    return `the mode 0${(f.mode ?? 0).toString(8)} of ${f.path} is not plain permission bits (setuid, setgid or sticky)`;
  if (!f.existed) {
    if (f.backup !== null) return `${f.path} did not exist, yet a backup ${f.backup} is named`;
    return null;
  }
  if (f.backup === null || f.sha256 === '') return `${f.path} existed, but no backup of it is named`;
  // path.join normalises, so a backup named with ".." cannot pass.
  if (path.dirname(f.backup) !== backupDir || path.join(backupDir, path.basename(f.backup)) !== f.backup)
    return `the backup ${f.backup} of ${f.path} is not in the journal's own folder ${backupDir}`;
  return null;
}

/**
 * Why the journal `file` may not be restored, or null. Checked before any restorer runs: a journal
 * with one bad record is not trusted for the others either.
 */
export function scopeProblem(
  file: string,
  records: readonly JournalRecord[],
  scope: RestoreScope,
): string | null {
  const backupDir = path.join(path.dirname(file), path.basename(file, '.jsonl'));
  const begin = records.find((r) => r.type === 'begin');
  if (begin?.type === 'begin' && begin.home !== undefined && begin.home !== scope.home) {
    return (
      `it was written for the home ${begin.home}, not ${scope.home}; ` +
      `run \`mountbench restore\` with HOME=${begin.home} to put its settings back`
    );
  }
  for (const r of records) {
    if (r.type !== 'file') continue;
    const { type: _type, ...original } = r;
    const problem = fileProblem(original, backupDir, scope);
    if (problem) return `it names ${problem}`;
  }
  return null;
}
