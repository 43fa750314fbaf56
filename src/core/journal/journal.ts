// The crash-safe record of every settings change a sweep makes (docs/architecture.md, `journal/`). Originals
// go in BEFORE anything changes; each action is announced by a `step` record BEFORE it runs; every
// record is fsynced. If the process dies at any point, the journal says what to put back.
//
// Layout in the data folder:  journal/<id>.jsonl        the records
//                             journal/<id>/<n>-<name>   byte copies of the original files (kept)
//
// Test hook: MOUNTBENCH_KILL_AT_STEP=N makes this process SIGKILL itself right after it has durably
// written its N-th step record (counting from 1, apply and restore steps alike). The fault-injection
// suite uses it to crash at every step; it has no other effect.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { writeFileAtomic } from '../store/atomic-write';
import {
  originalsOf,
  parseJournalText,
  type FileOriginal,
  type JournalOwner,
  type JournalRecord,
  type JsonValue,
  type ProviderOriginals,
} from './journal-records';

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
  ) {}

  get backupDir(): string {
    return path.join(path.dirname(this.file), this.id);
  }

  /** Starts a new journal. Refuses while another one is unfinished: restore that one first. */
  static async create(dataDir: string, purpose: string): Promise<Journal> {
    const dir = journalDir(dataDir);
    await fs.mkdir(dir, { recursive: true });
    const unfinished = await findUnfinishedJournals(dataDir);
    const running = unfinished.map((j) => runningPid(j.records)).find((pid) => pid !== null);
    if (running) {
      throw new MountbenchError(
        'BUSY',
        `another sweep (process ${running}) is running; wait for it or cancel it`,
      );
    }
    if (unfinished.length) {
      throw new MountbenchError(
        'BAD_INPUT',
        `an earlier sweep did not finish putting settings back (${unfinished.map((j) => j.file).join(', ')})`,
        { remedy: { kind: 'restore-settings' } },
      );
    }
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const id = `${stamp}-${randomBytes(3).toString('hex')}`;
    const file = path.join(dir, `${id}.jsonl`);
    const handle = await fs.open(file, 'wx');
    await syncDir(dir);
    const journal = new Journal(id, file, handle, []);
    await journal.append({
      type: 'begin',
      id,
      startedAt: new Date().toISOString(),
      pid: process.pid,
      purpose,
    });
    return journal;
  }

  /** Reopens an unfinished journal to finish it (restore); refuses while its process still lives. */
  static async resume(file: string): Promise<Journal> {
    const records = parseJournalText(await fs.readFile(file, 'utf8'));
    // A crash between creating the file and its first record leaves it empty: nothing changed yet.
    const id = path.basename(file, '.jsonl');
    const last = [...records].reverse().find((r) => r.type === 'step' || r.type === 'begin');
    const pid = last && 'pid' in last ? last.pid : null;
    if (pid !== null && pid !== process.pid && isAlive(pid)) {
      throw new MountbenchError(
        'BAD_INPUT',
        `a sweep (process ${pid}) is still running; cancel it or wait for it to end`,
      );
    }
    const handle = await fs.open(file, 'a');
    return new Journal(id, file, handle, records);
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
      mode = stat.mode & 0o7777;
      bytes = await fs.readFile(file);
    } catch (err) {
      if (err instanceof MountbenchError) throw err;
      if (errnoCode(err) !== 'ENOENT')
        throw new MountbenchError('IO', `cannot read ${file}: ${(err as Error).message}`);
    }
    let backup: string | null = null;
    if (bytes) {
      await fs.mkdir(this.backupDir, { recursive: true });
      const n = this.records.filter((r) => r.type === 'file').length + 1;
      backup = path.join(this.backupDir, `${n}-${path.basename(file)}`);
      // The copy is durable before the record that points at it.
      await writeFileAtomic(backup, bytes);
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
    await this.handle.close();
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

/** The live process that last wrote to a journal, or null. */
function runningPid(records: readonly JournalRecord[]): number | null {
  const last = [...records].reverse().find((r) => r.type === 'step' || r.type === 'begin');
  const pid = last && 'pid' in last ? last.pid : null;
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) === 'EPERM';
  }
}

export interface UnfinishedJournal {
  id: string;
  file: string;
  records: JournalRecord[];
}

export async function findUnfinishedJournals(dataDir: string): Promise<UnfinishedJournal[]> {
  const dir = journalDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return [];
    throw err;
  }
  const found: UnfinishedJournal[] = [];
  for (const name of names.filter((n) => n.endsWith('.jsonl')).sort()) {
    const file = path.join(dir, name);
    const records = parseJournalText(await fs.readFile(file, 'utf8'));
    if (!records.some((r) => r.type === 'end'))
      found.push({ id: name.slice(0, -'.jsonl'.length), file, records });
  }
  return found;
}
