// The state of one run as the dashboard shows it, folded from the core's RunEvents. Pure: the time
// of each event is passed in, so the reducer is tested on recorded event streams without a clock.
// A dashboard that reconnects mid-run never saw `planned`, so every event also works on its own.
import type { PullProgress } from '../../../shared/pull-progress';
import type { SerializedError } from '../../../shared/errors';
import type { WorkloadId } from '../../../shared/ids';
import type { RunFile, WorkloadResult } from '../../../shared/result-schema';
import type { RunEvent, RunPhase } from '../../../shared/run-events';
import { emptyPace, foldPace, type PaceState } from '../../../shared/progress';
import { describeEvent, type LogEntry } from './run-log';

export type BackendState =
  | 'waiting'
  | 'starting'
  | 'fixture'
  | 'calibrating'
  | 'warmup'
  | 'running'
  | 'cleanup'
  | 'done'
  | 'failed'
  | 'cancelled'
  | 'not-run'
  /** A joined run: it ran before this dashboard joined; its outcome comes with run-done. */
  | 'missed';

export interface BackendProgress {
  id: string;
  label: string;
  state: BackendState;
  workloadId: WorkloadId | null;
  workloadCase: string | null;
  /** k of "warm-up k/n" or "running k/n": samples of the current kind so far. */
  count: number;
  /** Why it failed, from the core's error events. */
  errors: string[];
}

export interface LiveSample {
  /** completedExecutions when it landed: the x of the live chart. */
  execution: number;
  backendId: string;
  workloadId: WorkloadId;
  workloadCase: string | null;
  warmup: boolean;
  /** 1-based among the samples of its kind (warm-up or timed) for its backend and workload. */
  sample: number;
  seconds: number;
}

export type RunStatus = 'running' | RunFile['status'];

export interface RunProgress {
  runId: string;
  status: RunStatus;
  workloads: WorkloadId[];
  backends: BackendProgress[];
  /** From `planned`; null when the dashboard joined the run later. */
  totalExecutions: number | null;
  completedExecutions: number;
  /** True when this dashboard joined the run in progress (after a reload) and missed its start. */
  joined: boolean;
  /** What progress and the ETA are computed from (shared/progress.ts, as the CLI does). */
  pace: PaceState;
  image: ({ image: string } & PullProgress) | null;
  /** A workload's one-off fetch before its fixture (npm-install's package cache); null when none runs. */
  fetch: { workloadId: WorkloadId; what: string; done: number; total: number } | null;
  samples: LiveSample[];
  log: LogEntry[];
  results: WorkloadResult[];
  errors: (SerializedError & { backendId: string | null; workloadId: WorkloadId | null })[];
  /**
   * Set by `run-answered`: the run is measured and stored under `runId` (Results can open it), and
   * `status` is its outcome; the job goes on cleaning up until `run-done`.
   */
  answered: boolean;
  /** Between the answer and `run-done`: the containers, volumes and fixtures are being removed. */
  cleaningUp: boolean;
  /** From `run-done`: the run as it ended, with the clean-up's errors. */
  run: RunFile | null;
}

/** Enough for a live chart without slowing a long run down. */
export const MAX_LIVE_SAMPLES = 2000;
export const MAX_LOG_ENTRIES = 300;

export function emptyRun(runId: string, _nowMs: number, options: { joined?: boolean } = {}): RunProgress {
  const joined = options.joined ?? false;
  return {
    runId,
    status: 'running',
    joined,
    workloads: [],
    backends: [],
    totalExecutions: null,
    completedExecutions: 0,
    pace: emptyPace(),
    image: null,
    fetch: null,
    samples: [],
    log: [],
    results: [],
    errors: [],
    answered: false,
    cleaningUp: false,
    run: null,
  };
}

const PHASE_STATES: Record<RunPhase, BackendState> = {
  image: 'starting',
  container: 'starting',
  fixture: 'fixture',
  calibrate: 'calibrating',
  warmup: 'warmup',
  timed: 'running',
  cleanup: 'cleanup',
};

function updateBackend(
  backends: BackendProgress[],
  id: string,
  change: (b: BackendProgress) => BackendProgress,
): BackendProgress[] {
  const found = backends.some((b) => b.id === id);
  const list = found ? backends : [...backends, newBackend(id, id)];
  return list.map((b) => (b.id === id ? change(b) : b));
}

function newBackend(id: string, label: string): BackendProgress {
  return { id, label, state: 'waiting', workloadId: null, workloadCase: null, count: 0, errors: [] };
}

function withLog(state: RunProgress, event: RunEvent, nowMs: number): RunProgress {
  const text = describeEvent(event, state);
  if (!text) return state;
  const entry: LogEntry = {
    seq: (state.log.at(-1)?.seq ?? 0) + 1,
    atMs: nowMs,
    level: event.type === 'error' && event.error.code !== 'CANCELLED' ? 'error' : 'info',
    text,
  };
  return { ...state, log: [...state.log, entry].slice(-MAX_LOG_ENTRIES) };
}

function apply(state: RunProgress, event: RunEvent, _nowMs: number): RunProgress {
  switch (event.type) {
    case 'planned':
      return {
        ...state,
        workloads: event.workloads,
        totalExecutions: event.totalExecutions,
        // Events may have come first (a joined run): keep what they said, take the core's labels.
        backends: event.backends.map((b) => ({
          ...(state.backends.find((known) => known.id === b.id) ?? newBackend(b.id, b.label)),
          label: b.label,
        })),
      };
    case 'image-progress':
      return {
        ...state,
        image: {
          image: event.image,
          status: event.status,
          fraction: event.fraction,
          layers: event.layers,
          bytes: event.bytes,
        },
      };
    case 'fetch-progress':
      return {
        ...state,
        fetch:
          event.done < event.total
            ? { workloadId: event.workloadId, what: event.what, done: event.done, total: event.total }
            : null,
      };
    case 'backend-started':
      return {
        ...state,
        image: null,
        backends: updateBackend(state.backends, event.backendId, (b) => ({ ...b, state: 'starting' })),
      };
    case 'phase':
      return {
        ...state,
        backends: updateBackend(state.backends, event.backendId, (b) => ({
          ...b,
          state: PHASE_STATES[event.phase],
          workloadId: event.workloadId ?? b.workloadId,
          // A new workload or a new kind of sample restarts the k of "k/n".
          count:
            event.phase === 'warmup' || event.phase === 'timed' || event.workloadId !== b.workloadId
              ? 0
              : b.count,
        })),
      };
    case 'sample': {
      const sample: LiveSample = {
        execution: event.completedExecutions,
        backendId: event.backendId,
        workloadId: event.workloadId,
        workloadCase: event.workloadCase,
        warmup: event.warmup,
        sample: event.index + 1,
        seconds: event.seconds,
      };
      return {
        ...state,
        completedExecutions: Math.max(state.completedExecutions, event.completedExecutions),
        samples: [...state.samples, sample].slice(-MAX_LIVE_SAMPLES),
        backends: updateBackend(state.backends, event.backendId, (b) => ({
          ...b,
          // Samples of a joined run arrive without the phase that announced them.
          state: event.warmup ? 'warmup' : 'running',
          workloadId: event.workloadId,
          workloadCase: event.workloadCase,
          count: event.index + 1,
        })),
      };
    }
    case 'workload-done':
      return {
        ...state,
        results: [...state.results, event.result],
        // A joined run learns its labels here if it never saw `planned`.
        backends: updateBackend(state.backends, event.result.backend.id, (b) => ({
          ...b,
          label: event.result.backend.label,
        })),
      };
    case 'backend-done':
      return {
        ...state,
        backends: updateBackend(state.backends, event.backendId, (b) => ({
          ...b,
          state: event.ok ? 'done' : 'failed',
          workloadId: null,
          workloadCase: null,
        })),
      };
    case 'error': {
      const error = { ...event.error, backendId: event.backendId, workloadId: event.workloadId };
      const backends =
        event.backendId === null
          ? state.backends
          : updateBackend(state.backends, event.backendId, (b) => ({
              ...b,
              errors: [
                ...b.errors,
                event.workloadId ? `${event.workloadId}: ${event.error.message}` : event.error.message,
              ],
            }));
      return { ...state, backends, errors: [...state.errors, error] };
    }
    case 'run-answered':
      // The run's outcome is known and stored: the view says so now, and that it is cleaning up.
      return {
        ...state,
        status: event.status,
        answered: true,
        cleaningUp: true,
        image: null,
        fetch: null,
        completedExecutions: finalExecutions(state, event.status),
      };
    case 'run-done':
      return {
        ...state,
        status: event.status,
        cleaningUp: false,
        run: event.run,
        results: event.run.results,
        completedExecutions: finalExecutions(state, event.status),
        backends: state.backends.map((b) => finalBackend(b, event.run)),
      };
  }
}

/** Only a completed run did all it planned; a cancelled or failed one stops where it stopped. */
function finalExecutions(state: RunProgress, status: RunFile['status']): number {
  return status === 'completed'
    ? (state.totalExecutions ?? state.completedExecutions)
    : state.completedExecutions;
}

/**
 * Where a backend ended: one a cancel stopped reads "cancelled", not "failed"; one never reached,
 * "not run"; one that ran before a reload, what the run file says of it.
 */
function finalBackend(b: BackendProgress, run: RunFile): BackendProgress {
  if (b.state === 'done' || (b.state === 'failed' && b.errors.length)) return b;
  const ended = { ...b, workloadId: null, workloadCase: null };
  if (b.state === 'missed') {
    const errors = run.errors
      .filter((e) => e.backendId === b.id)
      .map((e) => (e.workloadId ? `${e.workloadId}: ${e.message}` : e.message));
    return { ...ended, state: errors.length ? 'failed' : 'done', errors };
  }
  if (b.state === 'waiting') return { ...ended, state: 'not-run' };
  return { ...ended, state: run.status === 'cancelled' ? 'cancelled' : 'failed' };
}

/** Backends run in order: in a joined run, those before the active one ran while we were away. */
function markMissed(state: RunProgress, event: RunEvent): RunProgress {
  if (!state.joined || !('backendId' in event) || event.backendId === null) return state;
  const index = state.backends.findIndex((b) => b.id === event.backendId);
  if (index <= 0 || !state.backends.slice(0, index).some((b) => b.state === 'waiting')) return state;
  return {
    ...state,
    backends: state.backends.map((b, i) =>
      i < index && b.state === 'waiting' ? { ...b, state: 'missed' } : b,
    ),
  };
}

/** Folds one event into the run; events of other runs leave it unchanged. */
export function reduceRun(state: RunProgress, event: RunEvent, nowMs: number): RunProgress {
  if (event.runId !== state.runId) return state;
  // The log describes the event against the state before it (labels, counts).
  const next = markMissed(apply(withLog(state, event, nowMs), event, nowMs), event);
  return { ...next, pace: foldPace(state.pace, event, nowMs) };
}
