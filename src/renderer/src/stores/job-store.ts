// The one way the dashboard follows a job of the core (a run, a sweep, an apply): start it, fold
// its events into progress, cancel it by its id, and rejoin one still in progress after a reload.
// The core answers start() before the job's first event, so there is nothing to buffer: an event
// of a job we do not follow is not ours. With `coalesceMs`, events are folded as they come but the
// store publishes at most once per that interval (the end at once): a view re-rendered per event
// kept the page's main thread busy for most of a run.
import type { StoreApi } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { ActiveJob, JobKind, JobPayloads } from '../../../shared/jobs';

export type JobPhase = 'idle' | 'starting' | 'active' | 'finished';

/** What one kind of job needs to be followed; the store does the rest. */
export interface JobSpec<Request, Event, Progress> {
  /** In words, for errors: "the run". */
  noun: string;
  start(request: Request): Promise<string>;
  cancel(id: string): Promise<void>;
  /** The first job of this kind in progress, with its request when the page can know it. */
  active(): Promise<{ id: string; request: Request | null } | null>;
  subscribe(listener: (event: Event) => void, signal: AbortSignal): void;
  idOf(event: Event): string;
  /** Progress before any event: `joined` when rejoining after a reload. */
  empty(id: string, request: Request | null, joined: boolean): Progress;
  reduce(progress: Progress, event: Event): Progress;
  isEnd(event: Event): boolean;
  /** Told about every event of the followed job, after it is folded in (memory of a run's plan). */
  onEvent?(event: Event, request: Request | null): void;
  onEnd?(event: Event): void;
  onError?(context: string, err: unknown): void;
  /** Publish folded progress at most this often (ms); 0 or absent: on every event. */
  coalesceMs?: number;
  /** An event that changes what the page must say now (a run's answer): published at once, as the end is. */
  isUrgent?(event: Event): boolean;
}

export interface JobSlice<Request, Event, Progress> {
  phase: JobPhase;
  progress: Progress | null;
  /** Known when this dashboard started the job (or remembered it). */
  request: Request | null;
  jobId: string | null;
  cancelling: boolean;
  start(request: Request): Promise<boolean>;
  cancel(): Promise<void>;
  /** After a reload: follows a job of this kind the core still has in progress. */
  reconnect(): Promise<void>;
  receive(event: Event): void;
  listen(signal: AbortSignal): void;
  /** Forgets a finished job. */
  clear(): void;
}

type Setter<S> = StoreApi<S>['setState'];
type Getter<S> = StoreApi<S>['getState'];

/** The job fields and actions of a store (a zustand slice), so a store may add its own around them. */
export function jobSlice<Request, Event, Progress, S extends JobSlice<Request, Event, Progress>>(
  spec: JobSpec<Request, Event, Progress>,
  set: Setter<S>,
  get: Getter<S>,
): JobSlice<Request, Event, Progress> {
  const setJob = (partial: Partial<JobSlice<Request, Event, Progress>>) => set(partial as Partial<S>);
  // Progress folded but not yet published, and the timer that publishes it.
  let pending: Progress | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const dropPending = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  const publish = () => {
    const progress = pending;
    dropPending();
    if (progress !== null) setJob({ progress });
  };
  const follow = (id: string, request: Request | null, joined: boolean) => {
    dropPending();
    setJob({
      phase: 'active',
      jobId: id,
      request,
      progress: spec.empty(id, request, joined),
      cancelling: false,
    });
  };
  const busy = () => get().phase === 'starting' || get().phase === 'active';

  return {
    phase: 'idle',
    progress: null,
    request: null,
    jobId: null,
    cancelling: false,

    async start(request) {
      if (busy()) return false;
      setJob({ phase: 'starting', request });
      try {
        follow(await spec.start(request), request, false);
        return true;
      } catch (err) {
        setJob({ phase: get().progress ? 'finished' : 'idle' });
        spec.onError?.(`Could not start ${spec.noun}`, err);
        return false;
      }
    },

    async cancel() {
      const { jobId, phase } = get();
      if (!jobId || phase !== 'active' || get().cancelling) return;
      setJob({ cancelling: true });
      try {
        await spec.cancel(jobId);
      } catch (err) {
        setJob({ cancelling: false });
        spec.onError?.(`Could not cancel ${spec.noun}`, err);
      }
    },

    async reconnect() {
      try {
        const active = await spec.active();
        if (!active || busy()) return;
        follow(active.id, active.request, true);
      } catch (err) {
        spec.onError?.(`Could not check for ${spec.noun} in progress`, err);
      }
    },

    receive(event) {
      const { phase, jobId, request } = get();
      const progress = pending ?? get().progress;
      if (!progress || phase !== 'active' || jobId !== spec.idOf(event)) return;
      const next = spec.reduce(progress, event);
      if (spec.isEnd(event)) {
        dropPending();
        setJob({ progress: next, phase: 'finished', cancelling: false });
        spec.onEvent?.(event, request);
        spec.onEnd?.(event);
        return;
      }
      const wait = spec.isUrgent?.(event) ? 0 : (spec.coalesceMs ?? 0);
      if (wait <= 0) {
        dropPending();
        setJob({ progress: next });
      } else {
        pending = next;
        timer ??= setTimeout(publish, wait);
      }
      spec.onEvent?.(event, request);
    },

    listen(signal) {
      spec.subscribe((event) => get().receive(event), signal);
    },

    clear() {
      if (get().phase === 'finished') dropPending();
      if (get().phase === 'finished') setJob({ phase: 'idle', progress: null, request: null, jobId: null });
    },
  };
}

/**
 * The one job API (`api.jobs`, shared/jobs.ts) seen by the store of one kind: cancel by id, the
 * first job of this kind in progress, and this kind's payloads out of the one event stream.
 */
export function jobsOfKind<K extends JobKind>(api: Pick<MountbenchApi, 'jobs'>, kind: K) {
  return {
    cancel: (jobId: string) => api.jobs.cancel(jobId),
    async firstActive(): Promise<Extract<ActiveJob, { kind: K }> | null> {
      const all = await api.jobs.active();
      return (all.find((job) => job.kind === kind) as Extract<ActiveJob, { kind: K }> | undefined) ?? null;
    },
    subscribe(listener: (event: JobPayloads[K]) => void, signal: AbortSignal): void {
      api.jobs.onEvent(
        (job) => {
          if (job.kind === kind) listener(job.event as JobPayloads[K]);
        },
        { signal },
      );
    },
  };
}
