// Checks dataset files off the main thread. Parsing and checking a run file takes about half a
// millisecond of one core (JSON limits, schema, plausibility), so 1,000 of them were most of the
// Team page's first view, all on the thread that also answers serve's HTTP and WebSocket calls.
// A checker keeps a few worker threads (dataset-check-worker.ts, one fewer than the machine's cores,
// at most four) and hands each a file's bytes; the main thread checks a file itself while every
// worker is busy or still starting, so a worker's start-up never makes a read slower than before and
// a machine with one core reads as it did.
//
// Nothing a worker does can make the view wrong or hang it: a worker that dies (a crash, its heap
// limit, terminated) or does not answer within a time limit is ended and every file it held is
// checked here instead, with the same code (checkRunBytes), so the answer is the one the main thread
// would have given. A build that cannot start a worker (worker-start.ts) checks everything here.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RunFile } from '../../shared/result-schema';
import { workerStart, type WorkerStart } from '../worker-start';
import type { RunPlace } from './check-run-bytes';
import {
  answerJob,
  DATASET_CHECK_WORKER_ROLE,
  type DatasetCheckAnswer,
  type DatasetCheckJob,
} from './dataset-check-worker';

export type CheckOutcome = ({ run: RunFile } | { refused: string }) & {
  /** Who checked it: a worker, or this thread (no worker free, none started, or one failed). */
  by: 'worker' | 'main';
};

export interface DatasetCheckerOptions {
  /** Worker threads (default: cores − 1, at most 4; 0 checks everything here). */
  workers?: number;
  /** Files a worker holds at once: enough that it never waits for the main thread's next read. */
  perWorker?: number;
  /** A job unanswered this long ends its worker (a check takes milliseconds; this is a backstop). */
  jobTimeoutMs?: number;
  /** How to start a worker (default: this build's way, worker-start.ts); tests start broken ones. */
  start?: WorkerStart | null;
}

const MAX_WORKERS = 4;
const DEFAULT_PER_WORKER = 4;
const DEFAULT_JOB_TIMEOUT_MS = 30_000;
/** A worker's heap: many times what the largest dataset file (5 MB) parses into. */
const WORKER_HEAP_MB = 512;

/** Below this many cores no worker is used: on 2 loaded cores one worker measured slower than
 * none (readDataset over 1,000 runs: 354–682 ms without, 734–820 ms with one; docs/architecture.md),
 * since starting it and copying the parsed runs back cost more than the parse it takes over. */
const MIN_CORES_FOR_WORKERS = 4;

export function defaultWorkerCount(cores = availableParallelism()): number {
  if (cores < MIN_CORES_FOR_WORKERS) return 0;
  return Math.min(MAX_WORKERS, cores - 1);
}

interface Job {
  message: DatasetCheckJob;
  resolve: (outcome: CheckOutcome) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  jobs: Map<number, Job>;
}

function inMain(message: DatasetCheckJob): CheckOutcome {
  const answer = answerJob(message);
  return 'run' in answer ? { run: answer.run, by: 'main' } : { refused: answer.refused, by: 'main' };
}

export class DatasetChecker {
  private readonly slots: Slot[] = [];
  private readonly size: number;
  private readonly perWorker: number;
  private readonly jobTimeoutMs: number;
  private readonly start: WorkerStart | null;
  private nextId = 0;
  private started = false;
  private closed = false;

  constructor(options: DatasetCheckerOptions = {}) {
    this.size = Math.max(0, Math.min(MAX_WORKERS, options.workers ?? defaultWorkerCount()));
    this.perWorker = Math.max(1, options.perWorker ?? DEFAULT_PER_WORKER);
    this.jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    this.start =
      options.start !== undefined ? options.start : workerStart(join(__dirname, 'dataset-check-worker.ts'));
  }

  /** Live workers (tests end one mid-read to see its files checked here instead). */
  get workers(): readonly Worker[] {
    return this.slots.filter((s) => !s.dead).map((s) => s.worker);
  }

  /** The run in `bytes` checked as checkRunBytes does, or why it is refused; never rejects. */
  check(bytes: Uint8Array, place: RunPlace): Promise<CheckOutcome> {
    this.startWorkers();
    const message: DatasetCheckJob = {
      id: this.nextId++,
      bytes,
      runId: place.runId,
      relative: place.relative,
    };
    const slot = this.freeSlot();
    if (!slot) return Promise.resolve(inMain(message));
    // A copy the worker owns (moved, not cloned): a Buffer read from a file may be a view of a
    // pool other Buffers share, which must not be detached from this thread.
    const copy = new Uint8Array(bytes);
    const sent: DatasetCheckJob = { ...message, bytes: copy };
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.fail(slot), this.jobTimeoutMs);
      slot.jobs.set(message.id, { message, resolve, timer });
      try {
        slot.worker.postMessage(sent, [copy.buffer]);
      } catch {
        this.fail(slot);
      }
    });
  }

  /** Ends every worker; files still held are checked here (close is for after the last check). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => this.fail(slot)));
  }

  private startWorkers(): void {
    if (this.started || this.closed || !this.start || this.size === 0) return;
    this.started = true;
    for (let i = 0; i < this.size; i++) {
      let worker: Worker;
      try {
        worker = new Worker(this.start.script, {
          eval: this.start.eval,
          workerData: { role: DATASET_CHECK_WORKER_ROLE },
          resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
        });
      } catch {
        return;
      }
      // A worker never keeps the process alive: a command that forgot close() still ends.
      worker.unref();
      const slot: Slot = { worker, ready: false, dead: false, jobs: new Map() };
      this.slots.push(slot);
      worker.once('online', () => {
        slot.ready = true;
      });
      worker.on('message', (answer: DatasetCheckAnswer) => this.answered(slot, answer));
      worker.once('error', () => void this.fail(slot));
      worker.once('exit', () => void this.fail(slot));
    }
  }

  private freeSlot(): Slot | null {
    let best: Slot | null = null;
    for (const slot of this.slots) {
      if (!slot.ready || slot.dead || slot.jobs.size >= this.perWorker) continue;
      if (!best || slot.jobs.size < best.jobs.size) best = slot;
    }
    return best;
  }

  private answered(slot: Slot, answer: DatasetCheckAnswer): void {
    const job = typeof answer?.id === 'number' ? slot.jobs.get(answer.id) : undefined;
    if (!job) return;
    slot.jobs.delete(answer.id);
    clearTimeout(job.timer);
    job.resolve(
      'run' in answer ? { run: answer.run, by: 'worker' } : { refused: String(answer.refused), by: 'worker' },
    );
  }

  /** Ends a worker that died, erred or stalled; what it held is checked here, as it would have been. */
  private async fail(slot: Slot): Promise<void> {
    const wasDead = slot.dead;
    slot.dead = true;
    const held = [...slot.jobs.values()];
    slot.jobs.clear();
    for (const job of held) {
      clearTimeout(job.timer);
      job.resolve(inMain(job.message));
    }
    if (!wasDead) await slot.worker.terminate().catch(() => undefined);
  }
}
