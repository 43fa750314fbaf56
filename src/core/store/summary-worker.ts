// The thread that reads a large result file for the History list or for `results:get`. It does
// exactly what the main thread did (loadRunFile: a plain file, the size cap, UTF-8, the JSON
// limits, the schema). For the list it hands back only the summary, a few hundred bytes, so the
// main thread never parses the file nor copies the run; for `results:get` it hands back the run
// itself, checked, which the main thread receives as a structured clone (a copy, not a parse: no
// JSON scan, no schema). One worker reads one file and is ended by its owner.
import { isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import type { RunSummary } from '../../shared/api';
import { MountbenchError, type ErrorCode } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { loadRunFile } from './result-store';
import { summarizeRun } from './run-summary';

/** workerData.role of a summary worker: a thread started for anything else ignores this module. */
export const SUMMARY_WORKER_ROLE = 'mountbench-run-summary';

/** What the worker is asked for: the run's summary (the History list) or the run (results:get). */
export type SummaryWorkerWant = 'summary' | 'run';

export type SummaryWorkerAnswer =
  | { summary: RunSummary; threadId: number }
  | { run: RunFile; threadId: number }
  | { message: string; code?: ErrorCode; threadId: number };

function isSummaryWorker(): boolean {
  const data: unknown = workerData;
  return (
    !isMainThread &&
    typeof data === 'object' &&
    data !== null &&
    (data as { role?: unknown }).role === SUMMARY_WORKER_ROLE
  );
}

async function answerFor(file: string, want: SummaryWorkerWant): Promise<SummaryWorkerAnswer> {
  try {
    const run = await loadRunFile(file);
    return want === 'run' ? { run, threadId } : { summary: summarizeRun(run), threadId };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // The code crosses too, so the caller can refuse it as the main thread would (FILE_INVALID, IO).
    return err instanceof MountbenchError ? { message, code: err.code, threadId } : { message, threadId };
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
  const data = workerData as { file?: unknown; want?: unknown };
  const want: SummaryWorkerWant = data.want === 'run' ? 'run' : 'summary';
  void answerFor(String(data.file), want).then((answer) => port.postMessage(answer));
  return true;
}

answerIfSummaryWorker();
