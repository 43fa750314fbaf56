// The sweep in progress (or the last one): a job store (job-store.ts) whose progress is the
// sweep's folded events. Cancelling asks the core, which puts the settings back first.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { SweepEvent, SweepFinish, SweepRequest } from '../../../shared/sweep';
import { emptySweep, reduceSweep, type SweepProgressState } from '../lib/sweep-progress';
import { jobSlice, jobsOfKind, type JobSlice } from './job-store';

export type SweepState = JobSlice<SweepRequest, SweepEvent, SweepProgressState>;

export interface SweepStoreOptions {
  api: MountbenchApi;
  onFinished?: (finish: SweepFinish) => void;
  onError?: (context: string, err: unknown) => void;
  /** Publish progress at most this often (ms): see job-store.ts. */
  coalesceMs?: number;
}

export function createSweepStore(options: SweepStoreOptions) {
  const { api } = options;
  const sweeps = jobsOfKind(api, 'sweep');
  return createStore<SweepState>()((set, get) =>
    jobSlice<SweepRequest, SweepEvent, SweepProgressState, SweepState>(
      {
        noun: 'the sweep',
        start: async (request) => (await api.jobs.start({ kind: 'sweep', request })).jobId,
        cancel: sweeps.cancel,
        async active() {
          const sweep = await sweeps.firstActive();
          return sweep ? { id: sweep.jobId, request: null } : null;
        },
        subscribe: sweeps.subscribe,
        idOf: (event) => event.sweepId,
        empty: (sweepId, request) => emptySweep(sweepId, request?.variants ?? []),
        reduce: reduceSweep,
        isEnd: (event) => event.type === 'sweep-done',
        onEnd: (event) => event.type === 'sweep-done' && options.onFinished?.(event.finish),
        onError: options.onError,
        coalesceMs: options.coalesceMs,
      },
      set,
      get,
    ),
  );
}
