// The sweep in progress (or the last one): starts it, folds its events, cancels it (the core puts
// the settings back), and picks it up again after a reload. Listens on the same stream as apply.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { SweepEvent, SweepFinish, SweepRequest } from '../../../shared/sweep';
import { emptySweep, reduceSweep, type SweepProgressState } from '../lib/sweep-progress';

export interface SweepState {
  phase: 'idle' | 'starting' | 'active' | 'finished';
  progress: SweepProgressState | null;
  request: SweepRequest | null;
  cancelling: boolean;
  start(request: SweepRequest): Promise<boolean>;
  cancel(): Promise<void>;
  reconnect(): Promise<void>;
  /** Forgets a finished sweep (a plain run started after it takes the run view). */
  clear(): void;
  receive(event: SweepEvent): void;
  listen(signal: AbortSignal): void;
}

export interface SweepStoreOptions {
  api: MountbenchApi;
  onFinished?: (finish: SweepFinish) => void;
  onError?: (context: string, err: unknown) => void;
}

export function createSweepStore(options: SweepStoreOptions) {
  const { api } = options;
  // Events that arrive before sweeps.start answers (the core starts at once) wait here.
  let early: SweepEvent[] = [];
  return createStore<SweepState>()((set, get) => ({
    phase: 'idle',
    progress: null,
    request: null,
    cancelling: false,

    async start(request) {
      if (get().phase === 'starting' || get().phase === 'active') return false;
      early = [];
      set({ phase: 'starting', request });
      try {
        const { sweepId } = await api.sweeps.start(request);
        set({ phase: 'active', progress: emptySweep(sweepId, request.variants ?? []), cancelling: false });
        const pending = early.filter((e) => e.sweepId === sweepId);
        early = [];
        for (const event of pending) get().receive(event);
        return true;
      } catch (err) {
        set({ phase: get().progress ? 'finished' : 'idle' });
        options.onError?.('Could not start the sweep', err);
        return false;
      }
    },

    async cancel() {
      const { progress, phase } = get();
      if (!progress || phase !== 'active') return;
      set({ cancelling: true });
      try {
        await api.sweeps.cancel(progress.sweepId);
      } catch (err) {
        set({ cancelling: false });
        options.onError?.('Could not cancel the sweep', err);
      }
    },

    async reconnect() {
      try {
        const [sweepId] = await api.sweeps.active();
        if (!sweepId || get().phase === 'active' || get().phase === 'starting') return;
        set({ phase: 'active', progress: emptySweep(sweepId, []), request: null, cancelling: false });
      } catch (err) {
        options.onError?.('Could not check for a sweep in progress', err);
      }
    },

    clear() {
      if (get().phase === 'finished') set({ phase: 'idle', progress: null, request: null });
    },

    receive(event) {
      if (event.type === 'apply') return;
      const { progress, phase } = get();
      if (phase === 'starting') {
        if (early.length < 500) early.push(event);
        return;
      }
      if (!progress || phase !== 'active' || progress.sweepId !== event.sweepId) return;
      const next = reduceSweep(progress, event);
      if (event.type === 'sweep-done') {
        set({ progress: next, phase: 'finished', cancelling: false });
        options.onFinished?.(event.finish);
        return;
      }
      set({ progress: next });
    },

    listen(signal) {
      api.sweeps.onEvent((event) => get().receive(event), { signal });
    },
  }));
}
