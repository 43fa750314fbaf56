// The run in progress (or the last one): starts it, folds its events, cancels it, and picks it up
// again after a reload. One subscription to the core's events serves the whole app.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { RunFile } from '../../../shared/result-schema';
import type { RunEvent } from '../../../shared/run-events';
import type { RunRequest } from '../../../shared/run-plan';
import { emptyRun, reduceRun, type RunProgress } from '../lib/run-progress';
import type { RunMemory } from './run-memory';

export interface RunState {
  /** idle: nothing yet; starting: runs.start is pending; active: events flowing; finished: run-done seen. */
  phase: 'idle' | 'starting' | 'active' | 'finished';
  progress: RunProgress | null;
  /** Known when this dashboard started the run (or remembered it): the n of "running k/n". */
  request: RunRequest | null;
  cancelling: boolean;
  start(request: RunRequest): Promise<boolean>;
  cancel(): Promise<void>;
  /** After a reload: follows a run the core still has in progress. */
  reconnect(): Promise<void>;
  receive(event: RunEvent): void;
  listen(signal: AbortSignal): void;
}

export interface RunStoreOptions {
  api: MountbenchApi;
  memory: RunMemory;
  now?: () => number;
  onFinished?: (run: RunFile) => void;
  onError?: (context: string, err: unknown) => void;
}

/**
 * Events of runs we are not following yet, by run id. `runs.start` returns after the core has
 * already sent `planned`, so the first events of our own run arrive before we know its id.
 */
const MAX_BUFFERED_RUNS = 4;
const MAX_BUFFERED_EVENTS = 500;

export function createRunStore(options: RunStoreOptions) {
  const { api, memory } = options;
  const now = options.now ?? (() => Date.now());
  const buffered = new Map<string, RunEvent[]>();

  const buffer = (event: RunEvent) => {
    const list = buffered.get(event.runId) ?? [];
    if (list.length < MAX_BUFFERED_EVENTS) list.push(event);
    buffered.delete(event.runId);
    buffered.set(event.runId, list);
    while (buffered.size > MAX_BUFFERED_RUNS) buffered.delete(buffered.keys().next().value as string);
  };

  return createStore<RunState>()((set, get) => {
    const follow = (start: RunProgress, request: RunRequest | null) => {
      const pending = buffered.get(start.runId) ?? [];
      buffered.clear();
      set({ phase: 'active', progress: start, request, cancelling: false });
      for (const event of pending) get().receive(event);
    };

    return {
      phase: 'idle',
      progress: null,
      request: null,
      cancelling: false,

      async start(request) {
        if (get().phase === 'starting' || get().phase === 'active') return false;
        set({ phase: 'starting', request });
        try {
          const { runId } = await api.runs.start(request);
          memory.save({ runId, request, planned: null });
          follow(emptyRun(runId, now()), request);
          return true;
        } catch (err) {
          set({ phase: get().progress ? 'finished' : 'idle' });
          options.onError?.('Could not start the run', err);
          return false;
        }
      },

      async cancel() {
        const { progress, phase } = get();
        if (!progress || phase !== 'active') return;
        set({ cancelling: true });
        try {
          await api.runs.cancel(progress.runId);
        } catch (err) {
          set({ cancelling: false });
          options.onError?.('Could not cancel the run', err);
        }
      },

      async reconnect() {
        try {
          const [runId] = await api.runs.active();
          if (!runId || get().phase === 'active' || get().phase === 'starting') return;
          const remembered = memory.load(runId);
          let progress = emptyRun(runId, now(), { joined: true });
          if (remembered?.planned) progress = reduceRun(progress, remembered.planned, now());
          follow(progress, remembered?.request ?? null);
        } catch (err) {
          options.onError?.('Could not check for a run in progress', err);
        }
      },

      receive(event) {
        const { progress, phase } = get();
        if (!progress || progress.runId !== event.runId || phase !== 'active') {
          buffer(event);
          return;
        }
        const next = reduceRun(progress, event, now());
        if (event.type === 'planned')
          memory.save({ runId: event.runId, request: get().request, planned: event });
        if (event.type === 'run-done') {
          memory.forget();
          set({ progress: next, phase: 'finished', cancelling: false });
          options.onFinished?.(event.run);
          return;
        }
        set({ progress: next });
      },

      listen(signal) {
        api.runs.onEvent((event) => get().receive(event), { signal });
      },
    };
  });
}
