// Job events reach every connected page through the same pump as the desktop app's IPC
// (core/app/event-pump.ts), as `{ job }` pushes. Each event is serialised once, whatever the
// number of pages.
import type { MountbenchApi } from '../shared/api';
import type { WsPush } from '../shared/ws-protocol';
import { pumpJobEvents } from '../core/app/event-pump';

export interface EventSink {
  send(text: string): void;
}

/**
 * `schedule` puts each push in order with the answers (ws-session's turn queue): the answer to
 * `jobs:start` waits its turn there, and a push sent past it would reach the page first.
 */
export function broadcastJobEvents(
  api: MountbenchApi,
  sinks: () => Iterable<EventSink>,
  schedule: (send: () => void) => void = (send) => send(),
): () => void {
  return pumpJobEvents(api, (job) => {
    const push: WsPush = { job };
    const text = JSON.stringify(push);
    schedule(() => {
      for (const sink of sinks()) sink.send(text);
    });
  });
}
