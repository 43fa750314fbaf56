import { describe, expect, it } from 'vitest';
import { fanOut } from './fan-out';

/** A `later` whose turns the test runs one at a time. */
function manualTurns() {
  const pending: (() => void)[] = [];
  return {
    later: (next: () => void) => void pending.push(next),
    async turn(): Promise<boolean> {
      const next = pending.shift();
      if (!next) return false;
      next();
      // Let the continuations of the waiters settled in that turn run, as the event loop would.
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    },
  };
}

describe('fanOut', () => {
  it('settles its waiters a batch per turn, all with the same value', async () => {
    const turns = manualTurns();
    let resolve!: (v: { listing: string }) => void;
    const source = new Promise<{ listing: string }>((r) => (resolve = r));
    const join = fanOut(source, { batch: 100, later: turns.later });
    const got: unknown[] = [];
    const waiting = Array.from({ length: 250 }, () => join().then((v) => got.push(v)));
    const value = { listing: 'one' };
    resolve(value);
    await new Promise((r) => setImmediate(r));
    expect(got).toHaveLength(0);
    const seen: number[] = [];
    while (await turns.turn()) seen.push(got.length);
    expect(seen).toEqual([100, 200, 250]);
    await Promise.all(waiting);
    expect(got.every((v) => v === value)).toBe(true);
  });

  it('hands a failure to every waiter, and to one who joins after it settled', async () => {
    const turns = manualTurns();
    const join = fanOut(Promise.reject(new Error('unreadable')), { batch: 2, later: turns.later });
    const early = Array.from({ length: 3 }, () => join());
    await new Promise((r) => setImmediate(r));
    const late = join();
    const all = Promise.allSettled([...early, late]);
    while (await turns.turn());
    const outcomes = await all;
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'ok'))).toEqual([
      'unreadable',
      'unreadable',
      'unreadable',
      'unreadable',
    ]);
  });

  it('settles waiters on the real event loop without being driven', async () => {
    const join = fanOut(Promise.resolve('listed'), { batch: 3 });
    expect(await Promise.all(Array.from({ length: 10 }, () => join()))).toEqual(Array(10).fill('listed'));
  });
});
