// One outcome handed to many waiters a batch at a time, a turn of the event loop apart. Thousands
// of calls awaiting one shared promise all resume in the same microtask checkpoint when it
// settles: in serve under load (bench/serve-load.ts: 6,400 `results:list` calls waiting while the
// first listing parses a 47 MB run) that was one uninterrupted stretch of tens of milliseconds,
// the longest task on serve's loop, with no GET / answered meanwhile. In batches, HTTP and the
// other sockets get a turn between them.

/** Waiters settled in one turn: a few milliseconds of their continuations. */
export const FAN_OUT_BATCH = 200;

export interface FanOutOptions {
  batch?: number;
  /** Hands the next batch to a later turn (setImmediate: after pending I/O); tests pass their own. */
  later?: (next: () => void) => void;
}

/** A function giving each caller its own promise of `source`'s outcome, settled in batches. */
export function fanOut<T>(source: Promise<T>, options: FanOutOptions = {}): () => Promise<T> {
  const batch = options.batch ?? FAN_OUT_BATCH;
  const later = options.later ?? ((next) => void setImmediate(next));
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | null = null;
  const waiters: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  let scheduled = false;

  function release(): void {
    scheduled = false;
    const now = waiters.splice(0, batch);
    for (const waiter of now) {
      if (outcome?.ok) waiter.resolve(outcome.value);
      else waiter.reject(outcome?.error);
    }
    if (waiters.length > 0) schedule();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    later(release);
  }

  source.then(
    (value) => {
      outcome = { ok: true, value };
      schedule();
    },
    (error: unknown) => {
      outcome = { ok: false, error };
      schedule();
    },
  );

  return () =>
    new Promise<T>((resolve, reject) => {
      waiters.push({ resolve, reject });
      if (outcome) schedule();
    });
}
