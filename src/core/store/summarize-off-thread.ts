// A large result file is read in a worker thread (summary-worker.ts), for the History list and for
// `results:get`: parsing and checking 50 MB takes seconds of one core, during which serve answered
// nothing, not even GET / (bench/serve-load.ts). Small files, nearly all of them, are read here: a
// worker costs more to start than they take to parse.
import { join } from 'node:path';
import { promises as fs } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { RunSummary } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { loadRunFile } from './result-store';
import { summarizeRun } from './run-summary';
import { workerStart as coreWorkerStart, type WorkerStart } from '../worker-start';
import { SUMMARY_WORKER_ROLE, type SummaryWorkerAnswer, type SummaryWorkerWant } from './summary-worker';

/** Files at least this large are read in a worker: a 1 MB run parses in about 20 ms here. */
export const OFF_THREAD_BYTES = 1024 * 1024;
/** Workers at once: each may hold a 50 MB file and what it parses into. */
const MAX_WORKERS = 2;
/** A worker's heap: far more than the largest file allowed takes; a hostile one ends the worker, not serve. */
const WORKER_HEAP_MB = 1024;

/** How this build starts a summary worker (summary-worker.ts), or null: then the file is read here. */
function workerStart(): WorkerStart | null {
  return coreWorkerStart(join(__dirname, 'summary-worker.ts'));
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function inWorker(start: WorkerStart, file: string, want: SummaryWorkerWant): Promise<SummaryWorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(start.script, {
      eval: start.eval,
      workerData: { role: SUMMARY_WORKER_ROLE, file, want },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finish();
      void worker.terminate();
    };
    worker.once('message', (answer: SummaryWorkerAnswer) => settle(() => resolve(answer)));
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the worker reading it ended (exit ${code}) without an answer`))),
    );
  });
}

export interface OffThreadSummary {
  summary: RunSummary;
  /** The thread that parsed the file: the main thread's id (0) when it was read here. */
  threadId: number;
}

/**
 * The summary of the run in `file`, whose size is `size` (from the caller's stat). Throws what
 * loadRunFile throws, with the same message and code, wherever the file was read.
 */
export async function summarizeRunFile(file: string, size: number): Promise<OffThreadSummary> {
  const start = size >= OFF_THREAD_BYTES ? workerStart() : null;
  if (!start) return { summary: summarizeRun(await loadRunFile(file)), threadId: 0 };
  const answer = await answerOffThread(start, file, 'summary');
  if (!('summary' in answer)) throw new Error(`${file} could not be read: the worker answered no summary`);
  return answer;
}

async function answerOffThread(
  start: WorkerStart,
  file: string,
  want: SummaryWorkerWant,
): Promise<Exclude<SummaryWorkerAnswer, { message: string }>> {
  const release = await slot();
  try {
    const answer = await inWorker(start, file, want).catch((err: Error): SummaryWorkerAnswer => ({
      message: `${file} could not be read: ${err.message}`,
      threadId: -1,
    }));
    if ('message' in answer)
      throw answer.code ? new MountbenchError(answer.code, answer.message) : new Error(answer.message);
    return answer;
  } finally {
    release();
  }
}

export interface OffThreadRun {
  run: RunFile;
  /** The thread that parsed the file: 0 when it was read here. */
  threadId: number;
}

/**
 * The run in `file` (results:get), read in a worker when the file is large: the main thread gets
 * the checked run as a structured clone and never parses it. Throws what loadRunFile throws, with
 * the same message, wherever the file was read; a file that cannot be stat'ed is left to
 * loadRunFile here, so a missing run is refused exactly as before.
 */
export async function loadRunFileOffThread(file: string): Promise<OffThreadRun> {
  const size = await fs.stat(file).then(
    (info) => (info.isFile() ? info.size : 0),
    () => 0,
  );
  const start = size >= OFF_THREAD_BYTES ? workerStart() : null;
  if (!start) return { run: await loadRunFile(file), threadId: 0 };
  const answer = await answerOffThread(start, file, 'run');
  if (!('run' in answer)) throw new Error(`${file} could not be read: the worker answered no run`);
  return answer;
}
