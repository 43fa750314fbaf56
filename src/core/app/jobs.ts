// The one registry of long work: a run, a sweep and an apply are jobs alike. Each has an id, an
// AbortController, and its events on one stream, each event in the envelope of shared/jobs.ts
// (its job's id and kind around the kind's own payload). "Busy" is decided here only, inside
// start() (one job at a time, whatever its kind: a run must not measure while a product restarts,
// and two settings changes must not interleave). A job's body starts only after start() has
// returned, so its caller knows the id before the first event: no front door buffers events of a
// job it has not heard of yet.
import { EventEmitter } from 'node:events';
import { MountbenchError } from '../../shared/errors';
import type { JobEvent, JobKind, JobPayloads } from '../../shared/jobs';

export type { JobKind };

/** What each kind of job streams (the payload of its envelope). */
export type JobEvents = JobPayloads;

export interface JobStart<K extends JobKind, P> {
  kind: K;
  /** What it is, in words, for the refusal another start meets ("a sweep of Docker Desktop"). */
  label: string;
  /** What a refusal of this start says cannot be done; default `start <label>`. */
  what?: string;
  /** Facts a reloaded dashboard needs to show it again (the apply's provider and variant). */
  detail?: Record<string, string>;
  /** Checks and plans; a refusal it throws reaches the caller of start(), before anything runs. */
  prepare(): Promise<P>;
  /** The job's id, from what prepare made (a run's id is the id of its result file). */
  idOf(prepared: P): string;
  /** The work. It reports through `emit`; a problem it cannot report goes to onBackgroundError. */
  body(prepared: P, job: { signal: AbortSignal; emit: (event: JobPayloads[K]) => void }): Promise<void>;
}

/** A job the registry holds, as the core sees it. */
export interface RunningJob {
  kind: JobKind;
  id: string;
  label: string;
  detail: Record<string, string>;
}

interface Entry extends RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

export interface Jobs {
  /**
   * Refuses (BUSY, naming what is in progress) when any job is, before `prepare` and again after
   * it, in the same turn as the job is registered: two starts can never both pass. Returns the
   * job's id; its body starts on a later turn of the event loop.
   */
  start<K extends JobKind, P>(job: JobStart<K, P>): Promise<string>;
  /** Aborts the job and waits until it has cleaned up (and, for settings, put them back). */
  cancel(id: string): Promise<void>;
  active(): RunningJob[];
  has(id: string): boolean;
  /** Settles when the job has ended and cleaned up (at once for an id not in progress). */
  whenDone(id: string): Promise<void>;
  /** Every job's events, until `signal` aborts. */
  on(listener: (event: JobEvent) => void, signal: AbortSignal): void;
  /** Cancels every job and waits for each (quitting). */
  shutdown(): Promise<void>;
}

export function createJobs(options: { onBackgroundError?: (err: unknown) => void } = {}): Jobs {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const entries = new Map<string, Entry>();

  const refuseIfBusy = (what: string): void => {
    const [first] = entries.values();
    if (first)
      throw new MountbenchError(
        'BUSY',
        `cannot ${what}: ${first.label} (${first.id}) is in progress; wait for it or cancel it`,
      );
  };

  return {
    async start<K extends JobKind, P>(job: JobStart<K, P>) {
      const what = job.what ?? `start ${job.label}`;
      refuseIfBusy(what);
      const prepared = await job.prepare();
      // No await between this check and the registration below: a start that planned meanwhile
      // is refused here, whichever finished planning first.
      refuseIfBusy(what);
      const id = job.idOf(prepared);
      const controller = new AbortController();
      const emit = (event: JobPayloads[K]) =>
        events.emit('job', { jobId: id, kind: job.kind, event } as JobEvent);
      // setImmediate runs after every pending promise continuation, so the answer to the start
      // call (dispatch → IPC reply or WebSocket send) leaves before the body's first event.
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => job.body(prepared, { signal: controller.signal, emit }))
        .catch((err: unknown) => options.onBackgroundError?.(err))
        .finally(() => entries.delete(id));
      entries.set(id, { kind: job.kind, id, label: job.label, detail: job.detail ?? {}, controller, done });
      return id;
    },
    async cancel(id) {
      const entry = entries.get(id);
      if (!entry) throw new MountbenchError('BAD_INPUT', `no job ${id} is in progress`);
      entry.controller.abort();
      await entry.done;
    },
    active: () => [...entries.values()].map(({ kind, id, label, detail }) => ({ kind, id, label, detail })),
    has: (id) => entries.has(id),
    whenDone: (id) => entries.get(id)?.done ?? Promise.resolve(),
    on(listener, signal) {
      if (signal.aborted) return;
      events.on('job', listener);
      signal.addEventListener('abort', () => events.off('job', listener), { once: true });
    },
    async shutdown() {
      const all = [...entries.values()];
      for (const entry of all) entry.controller.abort();
      await Promise.all(all.map((entry) => entry.done));
    },
  };
}
