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
  onFinished?: (run: RunFile) => void;
  onError?: (context: string, err: unknown) => void;
  /** Publish progress at most this often (ms): see job-store.ts. */
  coalesceMs?: number;
}

export function createRunStore(options: RunStoreOptions) {
  const { api, memory } = options;
  const now = options.now ?? (() => Date.now());
  const runs = jobsOfKind(api, 'run');
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
        onEvent(event, request) {
          if (event.type === 'planned') memory.save({ runId: event.runId, request, planned: event });
          if (event.type === 'run-done') memory.forget();
        },
        onEnd: (event) => event.type === 'run-done' && options.onFinished?.(event.run),
        onError: options.onError,
        coalesceMs: options.coalesceMs,
      },
      set,
      get,
    ),
  );
}
