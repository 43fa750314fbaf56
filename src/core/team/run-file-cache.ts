// What reading a dataset file concluded (the checked run, or why it was refused), kept for the next
// read of the same dataset in this process: the Team page shown again, or after a pull that brought
// a few new files, re-checks only what changed. A file's entry holds while the file is the one that
// was checked: the same path, device and inode (a file replaced by a rename is a new inode), the
// same size, and the same modification and status-change times to the nanosecond (a rewrite in
// place moves both; ctime cannot be set back by the writer, as mtime can with touch). The check is
// made on the open handle, so the file whose stat matched is the file that would have been read.
//
// Bounded by entries and by the bytes of the files behind them (the parsed runs take a few times
// that in memory), least recently used out first. Runs handed out are frozen, deeply: every view
// shares them, and a view that changed one would change the next view's data.
import type { BigIntStats } from 'node:fs';
import type { RunFile } from '../../shared/result-schema';

export type CheckedFile = { run: RunFile; bytes: number } | { refused: string; bytes: number };

export interface RunFileCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A dataset of 50 machines × 1,000 runs (tens of kilobytes each) fits; the Team page keeps one. */
export const DEFAULT_CACHE_LIMITS: RunFileCacheLimits = {
  maxEntries: 50_000,
  maxBytes: 256 * 1024 * 1024,
};

function identity(stat: BigIntStats): string {
  return [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');
}

function deepFreeze<T>(value: T): T {
  // Iterative: the schema bounds depth, but a walk that cannot overflow needs no such argument.
  const stack: object[] = [];
  const visit = (child: unknown) => {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) stack.push(child);
  };
  visit(value);
  while (stack.length > 0) {
    const next = stack.pop()!;
    Object.freeze(next);
    // Arrays by index: a run's samples are numbers, and Object.values would copy every one.
    if (Array.isArray(next)) for (let i = 0; i < next.length; i++) visit(next[i]);
    else for (const key in next) visit((next as Record<string, unknown>)[key]);
  }
  return value;
}

export class RunFileCache {
  private readonly entries = new Map<string, { identity: string; checked: CheckedFile }>();
  private bytes = 0;

  constructor(private readonly limits: RunFileCacheLimits = DEFAULT_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** What was concluded of `file` when it was last checked, if it is still that file. */
  get(file: string, stat: BigIntStats): CheckedFile | undefined {
    const entry = this.entries.get(file);
    if (entry === undefined) return undefined;
    if (entry.identity !== identity(stat)) {
      this.drop(file);
      return undefined;
    }
    // Most recently used goes last: Map keeps insertion order.
    this.entries.delete(file);
    this.entries.set(file, entry);
    return entry.checked;
  }

  /** Keeps what was concluded of `file` as `stat` describes it; returns it frozen. */
  set(file: string, stat: BigIntStats, checked: CheckedFile): CheckedFile {
    this.drop(file);
    const frozen = deepFreeze(checked);
    // A file alone larger than the whole bound is not kept (it would empty the cache for nothing).
    if (checked.bytes > this.limits.maxBytes || this.limits.maxEntries < 1) return frozen;
    this.entries.set(file, { identity: identity(stat), checked: frozen });
    this.bytes += checked.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.drop(oldest);
    }
    return frozen;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private drop(file: string): void {
    const entry = this.entries.get(file);
    if (entry === undefined) return;
    this.entries.delete(file);
    this.bytes -= entry.checked.bytes;
  }
}

/** The process's cache: every readDataset that is not given one of its own shares it. */
export const sharedRunFileCache = new RunFileCache();
