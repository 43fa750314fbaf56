// The thread that reads a large result file for the History list. It does exactly what the list
// did in the main thread (loadRunFile: a plain file, the size cap, UTF-8, the JSON limits, the
// schema) and hands back only the summary, a few hundred bytes, so the main thread never parses
// the file nor copies the run. One worker reads one file and is ended by its owner.
import { isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import type { RunSummary } from '../../shared/api';
import { loadRunFile } from './result-store';
import { summarizeRun } from './run-summary';

/** workerData.role of a summary worker: a thread started for anything else ignores this module. */
export const SUMMARY_WORKER_ROLE = 'mountbench-run-summary';

export type SummaryWorkerAnswer =
  { summary: RunSummary; threadId: number } | { message: string; threadId: number };

function isSummaryWorker(): boolean {
  const data: unknown = workerData;
  return (
    !isMainThread &&
    typeof data === 'object' &&
    data !== null &&
    (data as { role?: unknown }).role === SUMMARY_WORKER_ROLE
  );
}

async function answerFor(file: string): Promise<SummaryWorkerAnswer> {
  try {
    return { summary: summarizeRun(await loadRunFile(file)), threadId };
  } catch (err) {
    return { message: err instanceof Error ? err.message : String(err), threadId };
  }
}

/**
 * Answers the one file named in workerData, when this thread was started as a summary worker;
 * false in any other thread. Called when this module loads: the CLI bundle is one file, started
 * again as the worker (its entry runs no command outside the main thread, src/cli/index.ts).
 */
export function answerIfSummaryWorker(): boolean {
  if (!isSummaryWorker() || !parentPort) return false;
  const port = parentPort;
  const file = String((workerData as { file?: unknown }).file);
  void answerFor(file).then((answer) => port.postMessage(answer));
  return true;
}

answerIfSummaryWorker();
