// Every job event a front door pushes to its pages, written once: the desktop app's IPC
// (main/ipc-handlers.ts) and `serve`'s WebSocket (server/event-broadcast.ts) both hand this a
// `send` and get the same streams through the same throttle (event-throttle.ts).
import type { MountbenchApi } from '../../shared/api';
import type { APPLY_EVENT_CHANNEL, RUN_EVENT_CHANNEL, SWEEP_EVENT_CHANNEL } from '../../shared/api-calls';
import type { RunEvent } from '../../shared/run-events';
import type { ApplyEvent, SweepEvent } from '../../shared/sweep';
import { applyCoalesceKey, coalesceKey, createEventThrottle, sweepCoalesceKey } from './event-throttle';

/** One pushed event with the channel it belongs to. */
export type PumpedEvent =
  | { channel: typeof RUN_EVENT_CHANNEL; event: RunEvent }
  | { channel: typeof SWEEP_EVENT_CHANNEL; event: SweepEvent }
  | { channel: typeof APPLY_EVENT_CHANNEL; event: ApplyEvent };

/** Subscribes to every job stream of `api`; returns the function that stops (pending progress is dropped). */
export function pumpJobEvents(
  api: Pick<MountbenchApi, 'runs' | 'sweeps' | 'applies'>,
  send: (pushed: PumpedEvent) => void,
): () => void {
  const subscription = new AbortController();
  const { signal } = subscription;
  const runs = createEventThrottle<RunEvent>((event) => send({ channel: 'runs:event', event }), {
    key: coalesceKey,
  });
  const sweeps = createEventThrottle<SweepEvent>((event) => send({ channel: 'sweeps:event', event }), {
    key: sweepCoalesceKey,
  });
  const applies = createEventThrottle<ApplyEvent>((event) => send({ channel: 'applies:event', event }), {
    key: applyCoalesceKey,
  });
  api.runs.onEvent((event) => runs.push(event), { signal });
  api.sweeps.onEvent((event) => sweeps.push(event), { signal });
  api.applies.onEvent((event) => applies.push(event), { signal });
  return () => {
    subscription.abort();
    for (const throttle of [runs, sweeps, applies]) throttle.close();
  };
}
