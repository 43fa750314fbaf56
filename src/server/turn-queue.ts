// Work that arrives in bursts is done in slices, with a turn of the event loop between them. A
// read from one WebSocket can hold dozens of calls, two hundred pages can send theirs at once, and
// one shared listing resolving answers thousands of waiting calls in the same moment: done as it
// comes, that is seconds of synchronous work during which serve accepts no connection and answers
// no GET / (bench/serve-load.ts measured 2.5 s). Sliced, other sockets are heard between slices.
import { performance } from 'node:perf_hooks';

/** Long enough that the turn between slices costs little, short enough that HTTP is not kept waiting. */
export const TURN_SLICE_MS = 8;

export interface TurnQueue {
  /** Runs `task` in a later slice, after the tasks pushed before it. */
  push(task: () => void): void;
  /** Tasks pushed and not yet run. */
  readonly size: number;
}

export interface TurnQueueOptions {
  sliceMs?: number;
  /** The clock slices are measured on; tests pass their own. */
  now?: () => number;
  /** Hands the rest of the work to a later turn of the event loop (setImmediate: after pending I/O). */
  later?: (next: () => void) => void;
  /** A task that throws is reported here and the queue goes on. */
  onError?: (err: unknown) => void;
}

export function createTurnQueue(options: TurnQueueOptions = {}): TurnQueue {
  const sliceMs = options.sliceMs ?? TURN_SLICE_MS;
  const now = options.now ?? (() => performance.now());
  const later = options.later ?? ((next) => void setImmediate(next));
  const onError =
    options.onError ??
    ((err) =>
      queueMicrotask(() => {
        throw err;
      }));
  // A ring of tasks kept as an array and a head index: shift() on thousands of tasks is quadratic.
  let tasks: (() => void)[] = [];
  let head = 0;
  let scheduled = false;

  function drain(): void {
    const end = now() + sliceMs;
    // At least one task a slice, so a slow clock cannot stall the queue.
    do {
      const task = tasks[head];
      tasks[head] = undefined as unknown as () => void;
      head += 1;
      try {
        task();
      } catch (err) {
        onError(err);
      }
    } while (head < tasks.length && now() < end);
    if (head >= tasks.length) {
      tasks = [];
      head = 0;
      scheduled = false;
      return;
    }
    later(drain);
  }

  return {
    push(task) {
      tasks.push(task);
      if (scheduled) return;
      scheduled = true;
      later(drain);
    },
    get size() {
      return tasks.length - head;
    },
  };
}
