// Reads a team dataset back. Every file in it was written by someone else's machine and pushed by
// anyone with access to the repository, so each is read as an import is: a plain file of bounded
// size, never through a symbolic link, UTF-8, valid against the result schema, plausible numbers,
// no control characters, and its run id agreeing with its file name. A file that fails is refused
// by its dataset-relative path with the reason; every other run is still returned.
import type { Dirent } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import type { TeamRefusedFile, TeamRun } from '../../shared/team';
import {
  megabytes,
  NotReadableFile,
  openRegularFile,
  readOpenFile,
  type OpenRegularFile,
} from '../fs/read-regular-file';
import {
  MACHINES_DIR,
  MAX_DATASET_BYTES,
  MAX_DATASET_FILE_BYTES,
  MAX_DATASET_FILES,
  parseRunPath,
} from './dataset-layout';
import { DatasetChecker, type DatasetCheckerOptions } from './dataset-checker';
import { sharedRunFileCache, type CheckedFile, type RunFileCache } from './run-file-cache';

// The shapes the API carries (shared/team.ts), named here as the reader's own.
export type { TeamRun };
export type RefusedFile = TeamRefusedFile;

export interface Dataset {
  /** Sorted by file. */
  runs: TeamRun[];
  /** Sorted by file. */
  refused: RefusedFile[];
}

export interface ReadDatasetOptions {
  maxFileBytes?: number;
  maxFiles?: number;
  maxTotalBytes?: number;
  /** Files read at once. */
  concurrency?: number;
  signal?: AbortSignal;
  /** What earlier reads concluded of unchanged files (default: the process's shared cache). */
  cache?: RunFileCache;
  /** The worker threads that check files (dataset-checker.ts); started only for a large read. */
  checker?: DatasetCheckerOptions;
}

/** Files to read below which no worker is started: starting one costs more than they take. */
export const MIN_FILES_FOR_WORKERS = 64;

/** Git's own folder in a clone: the checkout's metadata, not part of the dataset. */
const GIT_DIR = '.git';

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

function kindOf(entry: Dirent): string {
  if (entry.isSymbolicLink()) return 'a symbolic link (links are never followed in a dataset)';
  if (entry.isFIFO()) return 'a FIFO (named pipe), not a file';
  if (entry.isSocket()) return 'a socket, not a file';
  return 'a special file, not a plain file';
}

function reasonOf(err: unknown, absolute: string, relative: string): string {
  const message = err instanceof Error ? err.message : String(err);
  // Reasons name the file by its place in the dataset, never by this machine's paths.
  return message.split(absolute).join(relative);
}

/** A file found where a run may be: checked path, to be read. */
interface Candidate {
  machineId: string;
  runId: string;
  relative: string;
  absolute: string;
}

class Walk {
  readonly candidates: Candidate[] = [];
  readonly refused: RefusedFile[] = [];
  private seen = 0;
  stopped = false;

  constructor(
    private readonly root: string,
    private readonly maxFiles: number,
  ) {}

  /** Counts an entry against the bound; false once the bound is passed (reported once). */
  count(): boolean {
    if (this.stopped) return false;
    this.seen += 1;
    if (this.seen <= this.maxFiles) return true;
    this.stopped = true;
    this.refused.push({
      file: '.',
      reason: `the dataset has more than ${this.maxFiles.toLocaleString('en-US')} entries; the rest was not read`,
    });
    return false;
  }

  async list(relative: string): Promise<Dirent[]> {
    const absolute = relative === '' ? this.root : path.join(this.root, ...relative.split('/'));
    const entries = await fs.readdir(absolute, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Refuses an entry that is not where a run may be; a folder is named once, not walked. */
  ignore(relative: string, entry: Dirent, reason: string): void {
    this.refused.push({ file: entry.isDirectory() ? `${relative}/` : relative, reason });
  }

  async run(): Promise<void> {
    for (const top of await this.list('')) {
      if (top.name === GIT_DIR) continue;
      if (!this.count()) return;
      if (top.name !== MACHINES_DIR || !top.isDirectory()) {
        const reason = top.isSymbolicLink()
          ? kindOf(top)
          : (parseRunPath(top.name) as { reason: string }).reason;
        this.ignore(top.name, top, reason);
        continue;
      }
      for (const machine of await this.list(MACHINES_DIR)) {
        if (!this.count()) return;
        const machineRel = `${MACHINES_DIR}/${machine.name}`;
        if (!machine.isDirectory()) {
          this.ignore(
            machineRel,
            machine,
            machine.isSymbolicLink() ? kindOf(machine) : 'not in a machine folder',
          );
          continue;
        }
        const probe = parseRunPath(`${machineRel}/x.json`);
        if ('reason' in probe) {
          this.ignore(machineRel, machine, probe.reason);
          continue;
        }
        await this.machine(machineRel, machine.name);
        if (this.stopped) return;
      }
    }
  }

  private async machine(machineRel: string, machineId: string): Promise<void> {
    for (const entry of await this.list(machineRel)) {
      if (!this.count()) return;
      const relative = `${machineRel}/${entry.name}`;
      if (entry.isDirectory()) {
        this.ignore(relative, entry, 'not at machines/<machine-id>/<run-id>.json (wrong depth)');
        continue;
      }
      if (!entry.isFile()) {
        this.ignore(relative, entry, kindOf(entry));
        continue;
      }
      const where = parseRunPath(relative);
      if ('reason' in where) {
        this.ignore(relative, entry, where.reason);
        continue;
      }
      this.candidates.push({
        machineId,
        runId: where.runId,
        relative,
        absolute: path.join(this.root, ...relative.split('/')),
      });
    }
  }
}

/** A dataset's entries as a read walks them: the files that may be runs, and the entries refused. */
export interface DatasetListing {
  /** Dataset-relative paths of the files that will be read as runs. */
  candidates: string[];
  refused: RefusedFile[];
}

/**
 * Walks the dataset as readDataset does, reading no file: what view-cache.ts fingerprints, so a
 * saved view covers exactly the entries a read would look at. Throws what the listing throws.
 */
export async function listDataset(
  root: string,
  maxFiles: number = MAX_DATASET_FILES,
): Promise<DatasetListing> {
  const walk = new Walk(root, maxFiles);
  await walk.run();
  return { candidates: walk.candidates.map((c) => c.relative), refused: walk.refused };
}

/** Why the file's size alone refuses it, in the dataset's words. */
function sizeReason(err: unknown, maxFileBytes: number): Error | unknown {
  if (err instanceof NotReadableFile && err.size !== undefined)
    return new Error(
      `it is ${megabytes(err.size)}; dataset run files larger than ${megabytes(maxFileBytes)} are refused`,
    );
  if (errnoCode(err) === 'ELOOP') return new Error('a symbolic link (links are never followed in a dataset)');
  return err;
}

/**
 * What the file at the candidate's place is: its checked run, or why it is refused. A file the
 * cache has seen unchanged (the same inode, size and times, on the open handle) is not read again.
 */
async function readCandidate(
  candidate: Candidate,
  maxFileBytes: number,
  cache: RunFileCache,
  checker: DatasetChecker,
): Promise<CheckedFile> {
  const { absolute } = candidate;
  let opened: OpenRegularFile;
  try {
    // O_NOFOLLOW: a file swapped for a link after the listing is refused, not followed.
    opened = await openRegularFile(absolute, { maxBytes: maxFileBytes, noFollow: true });
  } catch (err) {
    throw sizeReason(err, maxFileBytes);
  }
  try {
    const known = cache.get(absolute, opened.stat);
    if (known !== undefined) return known;
    let bytes: Buffer;
    try {
      bytes = await readOpenFile(opened, absolute, maxFileBytes);
    } catch (err) {
      throw sizeReason(err, maxFileBytes);
    }
    const outcome = await checker.check(bytes, candidate);
    const checked: CheckedFile =
      'run' in outcome
        ? { run: outcome.run, bytes: bytes.length }
        : { refused: reasonOf(outcome.refused, absolute, candidate.relative), bytes: bytes.length };
    return cache.set(absolute, opened.stat, checked);
  } finally {
    await opened.handle.close();
  }
}

/**
 * Every run in the dataset at `root` and every file refused with why. Throws only when `root`
 * itself cannot be read (missing, not a folder) or the signal aborts.
 */
export async function readDataset(root: string, options: ReadDatasetOptions = {}): Promise<Dataset> {
  const maxFileBytes = options.maxFileBytes ?? MAX_DATASET_FILE_BYTES;
  const maxTotalBytes = options.maxTotalBytes ?? MAX_DATASET_BYTES;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const cache = options.cache ?? sharedRunFileCache;
  const rootStat = await fs.lstat(root).catch((err: unknown) => {
    throw new MountbenchError(
      'IO',
      errnoCode(err) === 'ENOENT'
        ? `The dataset folder ${root} does not exist`
        : `Cannot read the dataset folder ${root}: ${(err as Error).message}`,
      { cause: err },
    );
  });
  if (!rootStat.isDirectory()) throw new MountbenchError('IO', `The dataset ${root} is not a folder`);

  const walk = new Walk(root, options.maxFiles ?? MAX_DATASET_FILES);
  try {
    await walk.run();
  } catch (err) {
    throw new MountbenchError('IO', `Cannot list the dataset ${root}: ${(err as Error).message}`, {
      cause: err,
    });
  }

  const runs: TeamRun[] = [];
  const refused = walk.refused;
  let total = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < walk.candidates.length) {
      options.signal?.throwIfAborted();
      const candidate = walk.candidates[next];
      next += 1;
      if (total > maxTotalBytes) {
        refused.push({
          file: candidate.relative,
          reason: `not read: the dataset passed ${megabytes(maxTotalBytes)} in all`,
        });
        continue;
      }
      try {
        const checked = await readCandidate(candidate, maxFileBytes, cache, checker);
        total += checked.bytes;
        if ('run' in checked)
          runs.push({ machineId: candidate.machineId, file: candidate.relative, run: checked.run });
        else refused.push({ file: candidate.relative, reason: checked.refused });
      } catch (err) {
        refused.push({
          file: candidate.relative,
          reason: reasonOf(err, candidate.absolute, candidate.relative),
        });
      }
    }
  };
  // Workers only for a read large enough to repay starting them; a re-read the cache answers
  // starts them only if a file changed (the checker starts its workers at its first check).
  const checker = new DatasetChecker(
    walk.candidates.length >= MIN_FILES_FOR_WORKERS ? options.checker : { ...options.checker, workers: 0 },
  );
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await checker.close();
  }
  options.signal?.throwIfAborted();
  const byFile = (a: { file: string }, b: { file: string }) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
  return { runs: runs.sort(byFile), refused: refused.sort(byFile) };
}
