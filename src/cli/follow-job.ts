// The CLI's side of a job from the core's one registry (core/app/jobs.ts): the command starts its
// work there as the dashboard does, and a signal cancels that job by its id. One registry per
// command: busy is still decided in one place, and the CLI waits for its job to end.
import type { JobEvents, JobKind, Jobs } from '../core/app/jobs';
import { createJobs } from '../core/app/jobs';
import type { SignalCancel } from './cancel-on-signal';

export interface CliJobs {
  jobs: Jobs;
  /**
   * Passes the job's events to `onEvent`, cancels the job by id on the first signal, waits for it
   * to end, and rethrows what it threw.
   */
  follow<K extends JobKind>(
    kind: K,
    id: string,
    cancel: SignalCancel,
    onEvent: (event: JobEvents[K]) => void,
  ): Promise<void>;
  /** For a job's own error handling: the error the command ends with. */
  fail(err: unknown): void;
}

export function cliJobs(): CliJobs {
  let failure: { err: unknown } | null = null;
  const fail = (err: unknown) => {
    failure ??= { err };
  };
  const jobs = createJobs({ onBackgroundError: fail });
  return {
    jobs,
    fail,
    async follow(kind, id, cancel, onEvent) {
      // Subscribed before the body's first event: the body starts on a later turn (jobs.ts).
      const listening = new AbortController();
      jobs.on((job) => {
        if (job.jobId === id && job.kind === kind) onEvent(job.event as JobEvents[typeof kind]);
      }, listening.signal);
      const onAbort = () => void jobs.cancel(id).catch(() => undefined);
      if (cancel.signal.aborted) onAbort();
      else cancel.signal.addEventListener('abort', onAbort, { once: true });
      try {
        await jobs.whenDone(id);
      } finally {
        cancel.signal.removeEventListener('abort', onAbort);
        listening.abort();
      }
      if (failure) throw failure.err;
    },
  };
}
