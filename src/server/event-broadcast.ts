// Job events reach every connected page through the same pump as the desktop app's IPC
// (core/app/event-pump.ts). Each event is serialised once, whatever the number of pages.
import type { MountbenchApi } from '../shared/api';
import type { WsPush } from '../shared/ws-protocol';
import { pumpJobEvents, type PumpedEvent } from '../core/app/event-pump';

export interface EventSink {
  send(text: string): void;
}

function wsPush(pushed: PumpedEvent): WsPush {
  switch (pushed.channel) {
    case 'runs:event':
      return { event: pushed.event };
    case 'sweeps:event':
      return { sweepEvent: pushed.event };
    case 'applies:event':
      return { applyEvent: pushed.event };
  }
}

export function broadcastJobEvents(api: MountbenchApi, sinks: () => Iterable<EventSink>): () => void {
  return pumpJobEvents(api, (pushed) => {
    const text = JSON.stringify(wsPush(pushed));
    for (const sink of sinks()) sink.send(text);
  });
}
