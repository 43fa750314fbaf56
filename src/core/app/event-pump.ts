// Every job event a front door pushes to its pages, written once: the desktop app's IPC
// (main/ipc-handlers.ts) and `serve`'s WebSocket (server/event-broadcast.ts) both hand this a
// `send` and get the one job stream through the one throttle (event-throttle.ts, keyed per job).
import type { MountbenchApi } from '../../shared/api';
import type { JobEvent } from '../../shared/jobs';
import { createEventThrottle, jobCoalesceKey } from './event-throttle';

/** Subscribes to the job stream of `api`; returns the function that stops (pending progress is dropped). */
export function pumpJobEvents(api: Pick<MountbenchApi, 'jobs'>, send: (event: JobEvent) => void): () => void {
  const subscription = new AbortController();
  const throttle = createEventThrottle<JobEvent>(send, { key: jobCoalesceKey });
  api.jobs.onEvent((event) => throttle.push(event), { signal: subscription.signal });
  return () => {
    subscription.abort();
    throttle.close();
  };
}
