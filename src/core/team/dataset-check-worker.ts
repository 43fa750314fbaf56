// A thread that checks team dataset files for readDataset (dataset-checker.ts): it is handed a
// file's bytes (never a path: the main thread opened and read the file, so the file checked is the
// file whose stat the cache keyed), runs checkRunBytes on them, and answers with the checked run
// (the main thread receives a structured clone: no JSON scan, no schema) or the reason it is
// refused. It lives as long as its owner keeps it and answers one message per file.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { RunFile } from '../../shared/result-schema';
import { checkRunBytes } from './check-run-bytes';

/** workerData.role of a dataset check worker: a thread started for anything else ignores this module. */
export const DATASET_CHECK_WORKER_ROLE = 'mountbench-dataset-check';

export interface DatasetCheckJob {
  id: number;
  bytes: Uint8Array;
  runId: string;
  relative: string;
}

export type DatasetCheckAnswer = { id: number; run: RunFile } | { id: number; refused: string };

export function answerJob(job: DatasetCheckJob): DatasetCheckAnswer {
  try {
    return { id: job.id, run: checkRunBytes(job.bytes, job) };
  } catch (err) {
    return { id: job.id, refused: err instanceof Error ? err.message : String(err) };
  }
}

/** Answers every job sent, when this thread was started as a dataset check worker; false otherwise. */
export function answerIfDatasetCheckWorker(): boolean {
  const data: unknown = workerData;
  const isOne =
    !isMainThread &&
    typeof data === 'object' &&
    data !== null &&
    (data as { role?: unknown }).role === DATASET_CHECK_WORKER_ROLE;
  if (!isOne || !parentPort) return false;
  const port = parentPort;
  port.on('message', (job: DatasetCheckJob) => port.postMessage(answerJob(job)));
  return true;
}

answerIfDatasetCheckWorker();
