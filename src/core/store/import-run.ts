// Bringing a colleague's run file into this machine's results folder. The file is untrusted: it is
// read with the same checks as any stored run, then checked for plausible numbers, and only then
// written, atomically and without ever replacing a stored run. Any failure leaves the folder as it was.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { findControlCharacter } from '../../shared/printable';
import { runFileJson } from './run-json';
import { parseRunFileText } from './parse-run-file';
import { loadRunFile, MAX_RUN_FILE_BYTES, tooLarge } from './result-store';
import { checkRunPlausible } from './run-plausibility';
import { fsyncDir } from '../fs/atomic-write';
import { resultsChanged } from './results-generation';

export interface ImportOutcome {
  id: string;
  /** Where the run is stored. */
  file: string;
  /** `already-imported`: the same run was stored already, and nothing was written. */
  status: 'imported' | 'already-imported';
}

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

function conflict(run: RunFile, target: string, source: string): MountbenchError {
  return new MountbenchError(
    'FILE_INVALID',
    `${source} holds run ${run.id}, but a different run with that id is already stored at ${target}; ` +
      'nothing was imported (export or delete the stored one first if it should be replaced)',
  );
}

/** The stored run with this id, or null when there is none. */
async function storedRun(target: string): Promise<RunFile | null> {
  try {
    await fs.lstat(target);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw new MountbenchError('IO', `Cannot inspect ${target}: ${(err as Error).message}`, { cause: err });
  }
  try {
    return await loadRunFile(target);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new MountbenchError(
      'FILE_INVALID',
      `A file for this run is already stored at ${target} but cannot be read (${reason}); ` +
        'move it away before importing',
      { cause: err },
    );
  }
}

/** Removes `dir` and its parents up to `top`, each only if empty: undoes a `mkdir -p`. */
async function removeEmptyFolders(dir: string, top: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      await fs.rmdir(current);
    } catch {
      return;
    }
    if (current === top || path.dirname(current) === current) return;
  }
}

/**
 * Writes `text` to `target` only if nothing is there: the data goes to a temp file first, then a
 * hard link publishes it, which fails instead of replacing a file another import put there
 * meanwhile (rename would silently overwrite it). When one is there, it is compared: the same
 * run (another import of the same file got there first) is `already-imported`, not a conflict.
 */
async function writeNewFile(
  target: string,
  text: string,
  onConflict: () => MountbenchError,
): Promise<ImportOutcome['status']> {
  const sameOrConflict = async (): Promise<ImportOutcome['status']> => {
    const there = await storedRun(target);
    if (there !== null && runFileJson(there) === text) return 'already-imported';
    throw onConflict();
  };
  const dir = path.dirname(target);
  const created = await fs.mkdir(dir, { recursive: true }).catch((err: unknown) => {
    throw new MountbenchError('IO', `Cannot create the results folder ${dir}: ${(err as Error).message}`, {
      cause: err,
    });
  });
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let published = false;
  try {
    const handle = await fs.open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.link(temp, target);
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'EEXIST') return await sameOrConflict();
      // A filesystem without hard links: fall back to a rename after one more look.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
      if ((await storedRun(target)) !== null) return await sameOrConflict();
      await fs.rename(temp, target);
    }
    published = true;
    resultsChanged(dir);
    await fsyncDir(dir);
    return 'imported';
  } catch (err) {
    if (!published && created !== undefined) {
      // This import made the folder: take it away again so a failure leaves no trace.
      await fs.rm(temp, { force: true }).catch(() => undefined);
      await removeEmptyFolders(dir, created);
    }
    if (err instanceof MountbenchError) throw err;
    throw new MountbenchError('IO', `Could not store ${target}: ${(err as Error).message}`, { cause: err });
  } finally {
    await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

export async function importRunFile(source: string, resultsDir: string): Promise<ImportOutcome> {
  return importRun(await loadRunFile(source, { noFollow: true }), source, resultsDir);
}

/** The same for a file's text, as the dashboard sends it (the size limit is the transport's). */
export async function importRunText(
  text: string,
  source: string,
  resultsDir: string,
): Promise<ImportOutcome> {
  return importRun(parseRunFileText(text, source), source, resultsDir);
}

/** Stores a run already read from elsewhere (a run file, a hyperfine export) after the plausibility checks. */
export async function importRun(run: RunFile, source: string, resultsDir: string): Promise<ImportOutcome> {
  checkRunPlausible(run, source);
  // Labels are printed by `compare`, the exports and the dashboard: no escape sequences, no forged rows.
  const control = findControlCharacter(run);
  if (control !== null)
    throw new MountbenchError(
      'FILE_INVALID',
      `${source} was not imported: ${control}, a control character no label may hold`,
    );
  const text = runFileJson(run);
  // What the writer stores, every reader must take: refused here rather than stored unreadable.
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_RUN_FILE_BYTES) throw tooLarge(`${source} (stored, ${run.id})`, bytes);
  // The schema limits ids to letters, digits and "-", so the id cannot leave the folder.
  const target = path.join(resultsDir, `${run.id}.json`);
  const existing = await storedRun(target);
  if (existing !== null) {
    if (runFileJson(existing) === text) return { id: run.id, file: target, status: 'already-imported' };
    throw conflict(run, target, source);
  }
  const status = await writeNewFile(target, text, () => conflict(run, target, source));
  return { id: run.id, file: target, status };
}
