// Keeps a fast workload from flooding the renderer: progress events that only matter as "the
// latest state" are coalesced and leave at most once per interval; events that carry a result or
// change the shape of the run are never dropped or delayed.
import type { JobEvent } from '../../shared/jobs';
import type { RunEvent } from '../../shared/run-events';
import type { SweepEvent } from '../../shared/sweep';

/**
 * Five flushes a second per backend: the dashboard redraws a few times a second anyway, and at 30
 * a second a run of many backends kept a two-core machine's page busy parsing and folding events
 * it could never show (the results keep every sample; only the live view's in-between ones go).
 */
export const DEFAULT_THROTTLE_INTERVAL_MS = 200;

export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface EventThrottle<E = RunEvent> {
  push(event: E): void;
  /** Sends whatever is pending now (e.g. before the window closes). */
  flush(): void;
  /** Drops pending events and stops the timer; later pushes are ignored. */
  close(): void;
}

/**
 * The coalescing key of an event that may be replaced by a newer one, or null for an event that
 * must be delivered. Keyed per backend so two backends' progress never overwrite each other.
 */
export function coalesceKey(event: RunEvent): string | null {
  switch (event.type) {
    case 'sample':
    case 'phase':
      return `${event.type}\u0000${event.runId}\u0000${event.backendId}`;
    case 'image-progress':
      return `${event.type}\u0000${event.runId}\u0000${event.image}`;
    case 'fetch-progress':
      return `${event.type}\u0000${event.runId}\u0000${event.workloadId}`;
    default:
      return null;
  }
}

/**
 * Any kind's `progress` payload is the product's latest waiting line ("VM booting…"): only the
 * newest of a job is worth sending. Keyed by kind, not by any kind's own events, so a kind added
 * later coalesces its waiting lines with nothing written here.
 */
function progressKey(payload: { type: string }): string | null {
  return payload.type === 'progress' ? 'progress' : null;
}

/**
 * A sweep's events: the run events it wraps coalesce as a run's do, the product's progress
 * messages keep only the latest; phase changes and the end are always delivered.
 */
export function sweepCoalesceKey(event: SweepEvent): string | null {
  if (event.type === 'run') {
    const inner = coalesceKey(event.event);
    return inner === null ? null : `sweep\u0000${event.sweepId}\u0000${inner}`;
  }
  const progress = progressKey(event);
  return progress === null ? null : `${progress}\u0000${event.sweepId}`;
}

/**
 * The one key of the one job stream, prefixed by the kind and the job's id so two jobs' keys never
 * meet: a waiting line of any kind keeps only its latest; a run's samples (also inside a sweep)
 * coalesce per backend. A kind with no per-item progress needs no rule: its other events, and
 * every kind's end, are always delivered.
 */
export function jobCoalesceKey(job: JobEvent): string | null {
  const inner =
    job.kind === 'run'
      ? coalesceKey(job.event)
      : job.kind === 'sweep'
        ? sweepCoalesceKey(job.event)
        : progressKey(job.event);
  return inner === null ? null : `${job.kind}\u0000${job.jobId}\u0000${inner}`;
}

export function createEventThrottle<E = RunEvent>(
  send: (event: E) => void,
  options: { intervalMs?: number; clock?: ThrottleClock; key?: (event: E) => string | null } = {},
): EventThrottle<E> {
  const intervalMs = options.intervalMs ?? DEFAULT_THROTTLE_INTERVAL_MS;
  const clock = options.clock ?? realClock;
  // Run events by default; a caller with other events says how they coalesce.
  const keyOf = options.key ?? (coalesceKey as unknown as (event: E) => string | null);
  // Map iteration follows insertion order; re-inserting on update keeps the pending events in the
  // order of their latest occurrence.
  const pending = new Map<string, E>();
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let closed = false;

  function cancelTimer(): void {
    if (timer !== null) {
      clock.clearTimeout(timer);
      timer = null;
    }
  }

  function flush(): void {
    cancelTimer();
    if (pending.size === 0) return;
    lastFlushAt = clock.now();
    const events = [...pending.values()];
    pending.clear();
    for (const event of events) send(event);
  }

  function push(event: E): void {
    if (closed) return;
    const key = keyOf(event);
    if (key === null) {
      // Progress that happened before this event must reach the renderer before it, so a
      // 'workload-done' is never followed by a stale 'sample' of the same workload.
      flush();
      send(event);
      return;
    }
    pending.delete(key);
    pending.set(key, event);
    if (timer !== null) return;
    const wait = lastFlushAt + intervalMs - clock.now();
    if (wait <= 0) {
      flush();
    } else {
      timer = clock.setTimeout(() => {
        timer = null;
        flush();
      }, wait);
    }
  }

  function close(): void {
    closed = true;
    cancelTimer();
    pending.clear();
  }

  return { push, flush, close };
}
