// The one registry of long work: a run, a sweep and an apply are jobs alike. Each has an id, an
// AbortController, and its events on one stream, every event keyed by its job's kind; "busy" is
// decided here only (one job at a time, whatever its kind: a run must not measure while a product
// restarts, and two settings changes must not interleave). A job's body starts only after start()
// has returned, so its caller knows the id before the first event: no front door buffers events
// of a job it has not heard of yet.
import { EventEmitter } from 'node:events';
import { MountbenchError } from '../../shared/errors';
import type { RunEvent } from '../../shared/run-events';
import type { ApplyEvent, SweepEvent } from '../../shared/sweep';

export type JobKind = 'run' | 'sweep' | 'apply';

/** What each kind of job streams; every event names its job (runId, sweepId, applyId). */
export interface JobEvents {
  run: RunEvent;
  sweep: SweepEvent;
  apply: ApplyEvent;
}

export interface JobStart<K extends JobKind> {
  kind: K;
  id: string;
  /** What it is, in words, for the refusal another start meets ("a sweep of Docker Desktop"). */
  label: string;
  /** Facts a reloaded dashboard needs to show it again (the apply's provider and variant). */
  detail?: Record<string, string>;
  /** The work. It reports through `emit`; a problem it cannot report goes to onBackgroundError. */
  body(job: { signal: AbortSignal; emit: (event: JobEvents[K]) => void }): Promise<void>;
}

export interface ActiveJob {
  kind: JobKind;
  id: string;
  label: string;
  detail: Record<string, string>;
}

interface Entry extends ActiveJob {
  controller: AbortController;
  done: Promise<void>;
}

export interface Jobs {
  /** Throws BUSY, saying what is in progress, when any job is. */
  refuseIfBusy(what: string): void;
  /** Registers the job and returns its id; its body starts on a later turn of the event loop. */
  start<K extends JobKind>(job: JobStart<K>): string;
  /** Aborts the job and waits until it has cleaned up (and, for settings, put them back). */
  cancel(kind: JobKind, id: string): Promise<void>;
  active(kind: JobKind): ActiveJob[];
  has(id: string): boolean;
  /** Settles when the job has ended and cleaned up (at once for an id not in progress). */
  whenDone(id: string): Promise<void>;
  on<K extends JobKind>(kind: K, listener: (event: JobEvents[K]) => void, signal: AbortSignal): void;
  /** Cancels every job and waits for each (quitting). */
  shutdown(): Promise<void>;
}

export function createJobs(options: { onBackgroundError?: (err: unknown) => void } = {}): Jobs {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const entries = new Map<string, Entry>();

  const busyWith = (): string | null => {
    const [first] = entries.values();
    return first ? `${first.label} (${first.id}) is in progress` : null;
  };

  return {
    refuseIfBusy(what) {
      const busy = busyWith();
      if (busy) throw new MountbenchError('BUSY', `cannot ${what}: ${busy}; wait for it or cancel it`);
    },
    start(job) {
      const controller = new AbortController();
      const emit = (event: JobEvents[typeof job.kind]) => events.emit(job.kind, event);
      // setImmediate runs after every pending promise continuation, so the answer to the start
      // call (dispatch → IPC reply or WebSocket send) leaves before the body's first event.
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => job.body({ signal: controller.signal, emit }))
        .catch((err: unknown) => options.onBackgroundError?.(err))
        .finally(() => entries.delete(job.id));
      entries.set(job.id, {
        kind: job.kind,
        id: job.id,
        label: job.label,
        detail: job.detail ?? {},
        controller,
        done,
      });
      return job.id;
    },
    async cancel(kind, id) {
      const entry = entries.get(id);
      if (!entry || entry.kind !== kind)
        throw new MountbenchError('BAD_INPUT', `no ${kind} ${id} is in progress`);
      entry.controller.abort();
      await entry.done;
    },
    active: (kind) =>
      [...entries.values()]
        .filter((entry) => entry.kind === kind)
        .map(({ kind: k, id, label, detail }) => ({ kind: k, id, label, detail })),
    has: (id) => entries.has(id),
    whenDone: (id) => entries.get(id)?.done ?? Promise.resolve(),
    on(kind, listener, signal) {
      if (signal.aborted) return;
      events.on(kind, listener);
      signal.addEventListener('abort', () => events.off(kind, listener), { once: true });
    },
    async shutdown() {
      const all = [...entries.values()];
      for (const entry of all) entry.controller.abort();
      await Promise.all(all.map((entry) => entry.done));
    },
  };
}
