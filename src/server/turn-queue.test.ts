// The turn queue on a clock the test moves: tasks run in the order pushed, a slice ends when its
// time is spent, and what waits for the next turn (I/O, in serve) runs between slices.
import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue';

/** A clock that advances `step` ms each time it is read, and a "later" the test runs by hand. */
function harness(step: number) {
  let time = 0;
  const turns: (() => void)[] = [];
  return {
    now: () => (time += step),
    later: (next: () => void) => void turns.push(next),
    /** Runs one waiting turn; false when none waits. */
    turn(): boolean {
      const next = turns.shift();
      next?.();
      return next !== undefined;
    },
    get waiting() {
      return turns.length;
    },
  };
}

describe('createTurnQueue', () => {
  it('runs a burst in slices of its time, in order, with a turn between slices', () => {
    const h = harness(1);
    const queue = createTurnQueue({ sliceMs: 10, now: h.now, later: h.later });
    const ran: number[] = [];
    for (let i = 0; i < 100; i++) queue.push(() => ran.push(i));
    expect(ran).toEqual([]);
    const perSlice: number[] = [];
    while (h.turn()) perSlice.push(ran.length - perSlice.reduce((a, b) => a + b, 0));
    expect(ran).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // A clock read of 1 ms per task: about ten tasks a slice, never all of them in one.
    expect(perSlice.length).toBeGreaterThanOrEqual(9);
    expect(Math.max(...perSlice)).toBeLessThanOrEqual(10);
    expect(queue.size).toBe(0);
  });

  it('runs at least one task a slice however slow the clock, and stops asking for turns when empty', () => {
    const h = harness(1000);
    const queue = createTurnQueue({ sliceMs: 10, now: h.now, later: h.later });
    let ran = 0;
    for (let i = 0; i < 3; i++) queue.push(() => (ran += 1));
    expect(h.waiting).toBe(1);
    h.turn();
    expect(ran).toBe(1);
    h.turn();
    h.turn();
    expect(ran).toBe(3);
    expect(h.waiting).toBe(0);
    queue.push(() => (ran += 1));
    expect(h.waiting).toBe(1);
  });

  it('a task pushed by a task runs after those already waiting', () => {
    const h = harness(0);
    const queue = createTurnQueue({ sliceMs: 10, now: h.now, later: h.later });
    const ran: string[] = [];
    queue.push(() => {
      ran.push('a');
      queue.push(() => ran.push('c'));
    });
    queue.push(() => ran.push('b'));
    while (h.turn());
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('reports a task that throws and goes on with the next', () => {
    const h = harness(0);
    const errors: unknown[] = [];
    const queue = createTurnQueue({ now: h.now, later: h.later, onError: (err) => errors.push(err) });
    const ran: number[] = [];
    queue.push(() => {
      throw new Error('boom');
    });
    queue.push(() => ran.push(2));
    while (h.turn());
    expect(errors).toEqual([new Error('boom')]);
    expect(ran).toEqual([2]);
  });

  it('with the real event loop, an I/O-like callback queued during a burst runs before the burst ends', async () => {
    const queue = createTurnQueue({ sliceMs: 0 });
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < 50; i++) queue.push(() => order.push(`task ${i}`));
      queue.push(() => resolve());
    });
    setImmediate(() => order.push('other'));
    await done;
    expect(order.indexOf('other')).toBeGreaterThan(-1);
    expect(order.indexOf('other')).toBeLessThan(order.indexOf('task 49'));
  });
});
