// The run in progress (or the last one): a job store (job-store.ts) whose progress is the run's
// folded events, with the plan remembered per tab so a reload can show "running k/n" again.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { RunFile } from '../../../shared/result-schema';
import type { RunEvent } from '../../../shared/run-events';
import type { RunRequest } from '../../../shared/run-plan';
import { emptyRun, reduceRun, type RunProgress } from '../lib/run-progress';
import { jobSlice, jobsOfKind, type JobSlice } from './job-store';
import type { RunMemory } from './run-memory';

export type RunState = JobSlice<RunRequest, RunEvent, RunProgress>;

export interface RunStoreOptions {
  api: MountbenchApi;
  memory: RunMemory;
  now?: () => number;
  /**
   * The run is measured and stored (`run-answered`): its answer can be opened by id while the core
   * cleans up. Not called when the core could not store it; then only onFinished comes.
   */
  onAnswered?: (runId: string, status: RunFile['status']) => void;
  /** The job ended (`run-done`); `answered` when onAnswered came first for this run. */
  onFinished?: (run: RunFile, answered: boolean) => void;
  onError?: (context: string, err: unknown) => void;
  /** Publish progress at most this often (ms): see job-store.ts. */
  coalesceMs?: number;
}

export function createRunStore(options: RunStoreOptions) {
  const { api, memory } = options;
  const now = options.now ?? (() => Date.now());
  const runs = jobsOfKind(api, 'run');
  // The run whose answer was announced, so its end does not announce it a second time.
  let answeredRunId: string | null = null;
  return createStore<RunState>()((set, get) =>
    jobSlice<RunRequest, RunEvent, RunProgress, RunState>(
      {
        noun: 'the run',
        async start(request) {
          // A run's job id is its result file's id.
          const { jobId: runId } = await api.jobs.start({ kind: 'run', request });
          memory.save({ runId, request, planned: null });
          return runId;
        },
        cancel: runs.cancel,
        async active() {
          const run = await runs.firstActive();
          return run ? { id: run.jobId, request: memory.load(run.jobId)?.request ?? null } : null;
        },
        subscribe: runs.subscribe,
        idOf: (event) => event.runId,
        empty(runId, _request, joined) {
          const empty = emptyRun(runId, now(), { joined });
          const planned = joined ? memory.load(runId)?.planned : null;
          return planned ? reduceRun(empty, planned, now()) : empty;
        },
        reduce: (progress, event) => reduceRun(progress, event, now()),
        isEnd: (event) => event.type === 'run-done',
        // The answer is what the user waits for: said at once, not at the next coalesced update.
        isUrgent: (event) => event.type === 'run-answered',
        onEvent(event, request) {
          if (event.type === 'planned') memory.save({ runId: event.runId, request, planned: event });
          if (event.type === 'run-answered') {
            answeredRunId = event.runId;
            options.onAnswered?.(event.runId, event.status);
          }
          if (event.type === 'run-done') memory.forget();
        },
        onEnd(event) {
          if (event.type !== 'run-done') return;
          const answered = answeredRunId === event.runId;
          answeredRunId = null;
          options.onFinished?.(event.run, answered);
        },
        onError: options.onError,
        coalesceMs: options.coalesceMs,
      },
      set,
      get,
    ),
  );
}
