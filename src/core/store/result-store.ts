// Result files on disk: one `<run id>.json` per run in the results folder. Saving validates first
// and reads its own output back, so the store never holds a file it cannot open again.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { runFileSchema, type RunFile } from '../../shared/result-schema';
import { writeFileAtomic } from '../fs/atomic-write';
import { makeDirs } from '../fs/make-dirs';
import { describeIssues } from '../../shared/describe-issue';
import { parseRunFileText } from './parse-run-file';
import { megabytes, NotReadableFile, readRegularFile } from '../fs/read-regular-file';

import { MAX_RUN_FILE_BYTES, runFileText } from './run-json';
import { resultsChanged } from './results-generation';

/** A 10,000-result run is a few MB; anything larger than this is not ours (run-json.ts). */
export { MAX_RUN_FILE_BYTES };

const RUN_ID = /^[A-Za-z0-9-]{1,100}$/;
const LIST_CONCURRENCY = 8;

export interface RunListing {
  /** Newest first. */
  runs: RunFile[];
  problems: { file: string; message: string }[];
}

export function tooLarge(file: string, bytes: number): MountbenchError {
  return new MountbenchError(
    'FILE_INVALID',
    `${file} is ${megabytes(bytes)}; result files larger than ${megabytes(MAX_RUN_FILE_BYTES)} are refused`,
  );
}

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

export async function saveRun(run: RunFile, dir: string): Promise<string> {
  const parsed = runFileSchema.safeParse(run);
  if (!parsed.success) {
    throw new MountbenchError(
      'FILE_INVALID',
      `Refusing to save an invalid run: ${describeIssues(parsed.error.issues)}`,
    );
  }
  const text = runFileText(parsed.data);
  const file = path.join(dir, `${parsed.data.id}.json`);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_RUN_FILE_BYTES) throw tooLarge(`Run ${parsed.data.id}`, bytes);
  // The schema lets through things JSON or our reader will not (a params key named "constructor"),
  // so read the exact text back before it touches the disk.
  parseRunFileText(text, `Run ${parsed.data.id}`);
  try {
    await makeDirs(dir);
  } catch (err) {
    throw new MountbenchError('IO', `Cannot create the results folder ${dir}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  await writeFileAtomic(file, text);
  resultsChanged(dir);
  return file;
}

/** Said for a link given to import: nothing of what it points to is read. */
export function linkRefused(file: string): MountbenchError {
  return new MountbenchError(
    'FILE_INVALID',
    `${file} is a symbolic link; imports read only plain files and do not follow links, so nothing ` +
      'was read. Import the file itself.',
  );
}

async function readCapped(file: string, options: LoadOptions): Promise<Buffer> {
  try {
    return await readRegularFile(file, { maxBytes: MAX_RUN_FILE_BYTES, noFollow: options.noFollow });
  } catch (err) {
    if (err instanceof NotReadableFile && err.size !== undefined) throw tooLarge(file, err.size);
    if (err instanceof MountbenchError) throw err;
    if (options.noFollow && errnoCode(err) === 'ELOOP') throw linkRefused(file);
    const reason = errnoCode(err) === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new MountbenchError('IO', `Cannot read ${file}: ${reason}`, { cause: err });
  }
}

export interface LoadOptions {
  /** An import: a symbolic link is refused, not followed (a link to /etc/shadow is not a run). */
  noFollow?: boolean;
}

export async function loadRunFile(file: string, options: LoadOptions = {}): Promise<RunFile> {
  const bytes = await readCapped(file, options);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (err) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${file} is not a valid Mountbench result file: it is not UTF-8 text`,
      {
        cause: err,
      },
    );
  }
  return parseRunFileText(text, file);
}

/**
 * The result files in the folder, sorted by name; null when the folder does not exist yet (no runs
 * yet). Names starting with "." are the store's own (the summary index), never runs.
 */
export async function runFileNames(dir: string): Promise<string[] | null> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries
      .filter(
        (e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.json') && !e.name.startsWith('.'),
      )
      .map((e) => e.name)
      .sort();
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw new MountbenchError('IO', `Cannot list the results folder ${dir}: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

export async function listRuns(dir: string): Promise<RunListing> {
  const names = await runFileNames(dir);
  if (names === null) return { runs: [], problems: [] };

  const loaded: { file: string; run?: RunFile; message?: string }[] = [];
  for (let i = 0; i < names.length; i += LIST_CONCURRENCY) {
    const batch = names.slice(i, i + LIST_CONCURRENCY).map(async (name) => {
      const file = path.join(dir, name);
      try {
        return { file, run: await loadRunFile(file) };
      } catch (err) {
        return { file, message: err instanceof Error ? err.message : String(err) };
      }
    });
    loaded.push(...(await Promise.all(batch)));
  }

  const listing: RunListing = { runs: [], problems: [] };
  const seen = new Map<string, string>();
  for (const entry of loaded) {
    if (!entry.run) {
      listing.problems.push({ file: entry.file, message: entry.message ?? 'unreadable' });
      continue;
    }
    const first = seen.get(entry.run.id);
    if (first !== undefined) {
      listing.problems.push({
        file: entry.file,
        message: `${entry.file} repeats run id ${entry.run.id}, already loaded from ${first}; skipped`,
      });
      continue;
    }
    seen.set(entry.run.id, entry.file);
    listing.runs.push(entry.run);
  }
  listing.runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return listing;
}

export async function deleteRun(dir: string, id: string): Promise<void> {
  // The id becomes a file name: anything but the id alphabet could walk out of the folder.
  if (!RUN_ID.test(id)) {
    throw new MountbenchError('BAD_INPUT', `"${id}" is not a run id (letters, digits and "-", at most 100)`);
  }
  const file = path.join(dir, `${id}.json`);
  try {
    await fs.unlink(file);
    resultsChanged(dir);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') {
      throw new MountbenchError('BAD_INPUT', `There is no saved run ${id} in ${dir}`, { cause: err });
    }
    throw new MountbenchError('IO', `Cannot delete ${file}: ${(err as Error).message}`, { cause: err });
  }
}
