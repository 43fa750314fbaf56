// The crash-safe record of every settings change a sweep makes (docs/architecture.md, `journal/`). Originals
// go in BEFORE anything changes; each action is announced by a `step` record BEFORE it runs; every
// record is fsynced. If the process dies at any point, the journal says what to put back.
//
// Layout in the data folder:  journal/<id>.jsonl        the records
//                             journal/<id>/<n>-<name>   byte copies of the original files (kept)
//
// The folder and the backups are private (0700/the original's mode): a settings file may hold a
// password (Rancher Desktop's proxy settings). Finished journals are pruned after
// JOURNAL_KEEP_DAYS (prune-journals.ts).
//
// Test hook: MOUNTBENCH_KILL_AT_STEP=N makes this process SIGKILL itself right after it has durably
// written its N-th step record (counting from 1, apply and restore steps alike). The fault-injection
// suite uses it to crash at every step; it has no other effect.
import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { readRegularFile } from '../fs/read-regular-file';
import {
  MAX_JOURNAL_BYTES,
  MAX_SETTINGS_BYTES,
  originalsOf,
  parseJournal,
  type FileOriginal,
  type JournalOwner,
  type JournalRecord,
  type JsonValue,
  type ProviderOriginals,
  type ScannedJournal,
  type UnfinishedJournal,
} from './journal-records';

export type { ScannedJournal, UnfinishedJournal };
import { ownStartedAt, ownerStillRunning } from './process-identity';
import { pruneFinishedJournals } from './prune-journals';
import { takeChangeLock, type ChangeLock } from './change-lock';

/** What providers see of the journal. */
export interface JournalHandle {
  readonly id: string;
  /** Copies `file` aside and records it, once per path (the first original wins). */
  recordFile(owner: JournalOwner, file: string): Promise<FileOriginal>;
  /** Records a value to put back (running state, a context name), once per key. */
  recordState(owner: JournalOwner, key: string, value: JsonValue): Promise<void>;
  /** Announces an action before it is taken. */
  step(owner: JournalOwner, phase: 'apply' | 'restore', action: string, detail?: string): Promise<void>;
  originals(owner: JournalOwner): ProviderOriginals;
}

export function journalDir(dataDir: string): string {
  return path.join(dataDir, 'journal');
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function errnoCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

let stepsThisProcess = 0;

function killHook(): void {
  stepsThisProcess += 1;
  const at = Number.parseInt(process.env.MOUNTBENCH_KILL_AT_STEP ?? '', 10);
  if (Number.isInteger(at) && at === stepsThisProcess) process.kill(process.pid, 'SIGKILL');
}

export class Journal implements JournalHandle {
  private closed = false;

  private constructor(
    readonly id: string,
    readonly file: string,
    private readonly handle: fs.FileHandle,
    private readonly records: JournalRecord[],
    /** One settings change at a time across processes (change-lock.ts); released by close(). */
    private readonly lock: ChangeLock,
  ) {}

  get backupDir(): string {
    return path.join(path.dirname(this.file), this.id);
  }

  /**
   * Starts a new journal. Refuses while another one is unfinished (restore that one first) or
   * unreadable. `home` is the home the products' settings files are under: restore only ever
   * touches those files, under that home.
   */
  static async create(dataDir: string, purpose: string, options: { home?: string } = {}): Promise<Journal> {
    const dir = journalDir(dataDir);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    // A folder an older version made 0755 becomes private too: backups may hold passwords.
    await fs.chmod(dir, 0o700).catch(() => undefined);
    // Before the check for unfinished journals: without it two processes both pass the check.
    const lock = await takeChangeLock(dir, purpose);
    try {
      return await Journal.createLocked(dataDir, dir, purpose, options, lock);
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  private static async createLocked(
    dataDir: string,
    dir: string,
    purpose: string,
    options: { home?: string },
    lock: ChangeLock,
  ): Promise<Journal> {
    const scanned = await scanJournals(dataDir);
    const unreadable = scanned.filter((j) => j.problem !== undefined);
    if (unreadable.length) {
      throw new MountbenchError(
        'FILE_INVALID',
        `cannot start: ${unreadable.map((j) => j.problem).join('; ')}`,
      );
    }
    const unfinished = scanned.filter((j) => !j.finished);
    for (const j of unfinished) {
      const owner = await runningOwner(j.records);
      if (owner !== null)
        throw new MountbenchError(
          'BUSY',
          `another sweep (process ${owner}) is running; wait for it or cancel it`,
        );
    }
    if (unfinished.length) {
      throw new MountbenchError(
        'BAD_INPUT',
        `an earlier sweep did not finish putting settings back (${unfinished.map((j) => j.file).join(', ')})`,
        { remedy: { kind: 'restore-settings' } },
      );
    }
    // Housekeeping: a journal that cannot be pruned now is tried again next time.
    await pruneFinishedJournals(dir, scanned).catch(() => undefined);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const id = `${stamp}-${randomBytes(3).toString('hex')}`;
    const file = path.join(dir, `${id}.jsonl`);
    const handle = await fs.open(file, 'wx', 0o600);
    await syncDir(dir);
    const journal = new Journal(id, file, handle, [], lock);
    await journal.append({
      type: 'begin',
      id,
      startedAt: new Date().toISOString(),
      pid: process.pid,
      ...(await ownStart()),
      purpose,
      ...(options.home ? { home: options.home } : {}),
    });
    return journal;
  }

  /**
   * Reopens an unfinished journal to finish it (restore); refuses while its process still lives.
   * A torn last line (a crash mid-append) is cut off first, so the next record starts a clean line.
   */
  static async resume(file: string): Promise<Journal> {
    const { records, tornAt } = parseJournal(await readJournalBytes(file), file);
    // A crash between creating the file and its first record leaves it empty: nothing changed yet.
    const id = path.basename(file, '.jsonl');
    const owner = await runningOwner(records);
    if (owner !== null) {
      throw new MountbenchError(
        'BAD_INPUT',
        `a sweep (process ${owner}) is still running (journal ${file}); cancel it or wait for it to end`,
      );
    }
    const lock = await takeChangeLock(path.dirname(file), `restore of ${id}`);
    try {
      const handle = await fs.open(
        file,
        constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0),
      );
      if (tornAt !== null) {
        await handle.truncate(tornAt);
        await handle.sync();
      }
      return new Journal(id, file, handle, records, lock);
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  all(): readonly JournalRecord[] {
    return this.records;
  }

  stepCount(): number {
    return this.records.filter((r) => r.type === 'step').length;
  }

  originals(owner: JournalOwner): ProviderOriginals {
    return originalsOf(this.records, owner);
  }

  async recordFile(owner: JournalOwner, file: string): Promise<FileOriginal> {
    const known = this.records.find((r) => r.type === 'file' && r.path === file);
    if (known && known.type === 'file') return stripType(known);
    let bytes: Buffer | null = null;
    let mode: number | null = null;
    try {
      const stat = await fs.lstat(file);
      if (!stat.isFile())
        throw new MountbenchError('IO', `${file} is not a regular file; refusing to touch it`);
      mode = stat.mode & 0o777;
      bytes = await readRegularFile(file, { maxBytes: MAX_SETTINGS_BYTES, noFollow: true });
    } catch (err) {
      if (err instanceof MountbenchError) throw err;
      if (errnoCode(err) !== 'ENOENT')
        throw new MountbenchError('IO', `cannot read ${file}: ${(err as Error).message}`);
    }
    let backup: string | null = null;
    if (bytes) {
      await fs.mkdir(this.backupDir, { recursive: true, mode: 0o700 });
      const n = this.records.filter((r) => r.type === 'file').length + 1;
      backup = path.join(this.backupDir, `${n}-${path.basename(file)}`);
      // The copy is durable before the record that points at it, and as private as the original.
      await writeFileAtomic(backup, bytes, { mode: mode ?? 0o600 });
    }
    const original: FileOriginal = {
      owner,
      path: file,
      existed: bytes !== null,
      sha256: bytes ? sha256(bytes) : '',
      backup,
      mode,
    };
    await this.append({ type: 'file', ...original });
    return original;
  }

  async recordState(owner: JournalOwner, key: string, value: JsonValue): Promise<void> {
    if (this.records.some((r) => r.type === 'state' && r.owner === owner && r.key === key)) return;
    await this.append({ type: 'state', owner, key, value });
  }

  async step(
    owner: JournalOwner,
    phase: 'apply' | 'restore',
    action: string,
    detail?: string,
  ): Promise<void> {
    const n = this.stepCount() + 1;
    await this.append({
      type: 'step',
      n,
      pid: process.pid,
      ...(await ownStart()),
      owner,
      phase,
      action,
      ...(detail ? { detail } : {}),
    });
    killHook();
  }

  async markRestored(owner: JournalOwner): Promise<void> {
    await this.append({ type: 'restored', owner });
  }

  isRestored(owner: JournalOwner): boolean {
    return this.records.some((r) => r.type === 'restored' && r.owner === owner);
  }

  /** Ends the journal: it will not be restored again. The backups stay. */
  async finish(status: 'completed' | 'restored'): Promise<void> {
    await this.append({ type: 'end', status, at: new Date().toISOString() });
    await this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.handle.close();
    } finally {
      await this.lock.release();
    }
  }

  private async append(record: JournalRecord): Promise<void> {
    if (this.closed) throw new MountbenchError('INTERNAL', `journal ${this.id} is closed`);
    await this.handle.appendFile(`${JSON.stringify(record)}\n`);
    await this.handle.sync();
    this.records.push(record);
  }
}

function stripType(record: { type: 'file' } & FileOriginal): FileOriginal {
  const { type: _type, ...file } = record;
  return file;
}

async function syncDir(dir: string): Promise<void> {
  const h = await fs.open(dir, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

async function ownStart(): Promise<{ pidStartedAt?: number }> {
  const at = await ownStartedAt();
  return at === null ? {} : { pidStartedAt: at };
}

/** The pid of the process that last wrote to a journal, while that very process still runs; else null. */
async function runningOwner(records: readonly JournalRecord[]): Promise<number | null> {
  const last = [...records].reverse().find((r) => r.type === 'step' || r.type === 'begin');
  if (!last || (last.type !== 'step' && last.type !== 'begin')) return null;
  const begin = records.find((r) => r.type === 'begin');
  const began = begin?.type === 'begin' ? Date.parse(begin.startedAt) : Number.NaN;
  const running = await ownerStillRunning({
    pid: last.pid,
    pidStartedAt: last.pidStartedAt,
    writtenBy: Number.isFinite(began) ? began : undefined,
  });
  return running ? last.pid : null;
}

/** A journal's bytes: never follows a link, never blocks on a FIFO, bounded in size. */
async function readJournalBytes(file: string): Promise<Buffer> {
  try {
    return await readRegularFile(file, { maxBytes: MAX_JOURNAL_BYTES, noFollow: true });
  } catch (err) {
    if (err instanceof MountbenchError) throw err;
    const reason = errnoCode(err) === 'ELOOP' ? 'it is a symbolic link' : (err as Error).message;
    throw new MountbenchError(
      'FILE_INVALID',
      `cannot read the journal ${file} (${reason}); Mountbench did not write it as it is: move it out of ${path.dirname(file)}`,
    );
  }
}

/** Every `*.jsonl` in the journal folder, read without trusting it: unreadable ones carry `problem`. */
export async function scanJournals(dataDir: string): Promise<ScannedJournal[]> {
  const dir = journalDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return [];
    throw new MountbenchError('IO', `cannot list the journal folder ${dir}: ${(err as Error).message}`);
  }
  const found: ScannedJournal[] = [];
  for (const name of names.filter((n) => n.endsWith('.jsonl')).sort()) {
    const file = path.join(dir, name);
    const id = name.slice(0, -'.jsonl'.length);
    try {
      const { records } = parseJournal(await readJournalBytes(file), file);
      found.push({ id, file, records, finished: records.some((r) => r.type === 'end') });
    } catch (err) {
      found.push({ id, file, records: [], finished: false, problem: (err as Error).message });
    }
  }
  return found;
}

/** Journals not ended, and files in the journal folder that cannot be read as journals. */
export async function findUnfinishedJournals(dataDir: string): Promise<UnfinishedJournal[]> {
  return (await scanJournals(dataDir)).filter((j) => !j.finished).map(({ finished: _finished, ...j }) => j);
}
