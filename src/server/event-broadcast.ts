// Run events reach every connected page, throttled exactly as the desktop app's IPC pushes them
// (event-throttle.ts): progress coalesced to ~30 a second, results and state changes never dropped.
// Each event is serialised once, whatever the number of pages.
import type { MountbenchApi } from '../shared/api';
import type { WsPush } from '../shared/ws-protocol';
import { createEventThrottle, sweepCoalesceKey } from '../core/app/event-throttle';
import type { SweepEvent } from '../shared/sweep';

export interface EventSink {
  send(text: string): void;
}

export function broadcastRunEvents(api: MountbenchApi, sinks: () => Iterable<EventSink>): () => void {
  const throttle = createEventThrottle((event) => {
    const text = JSON.stringify({ event } satisfies WsPush);
    for (const sink of sinks()) sink.send(text);
  });
  const subscription = new AbortController();
  api.runs.onEvent((event) => throttle.push(event), { signal: subscription.signal });
  // Sweep and apply progress travel the same way, under their own key.
  const sweepThrottle = createEventThrottle<SweepEvent>(
    (sweepEvent) => {
      const text = JSON.stringify({ sweepEvent } satisfies WsPush);
      for (const sink of sinks()) sink.send(text);
    },
    { key: sweepCoalesceKey },
  );
  api.sweeps.onEvent((event) => sweepThrottle.push(event), { signal: subscription.signal });
  return () => {
    subscription.abort();
    throttle.close();
    sweepThrottle.close();
  };
}
