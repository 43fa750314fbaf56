// settleInOrder: tasks begin in the items' order with at most `limit` under way, every outcome
// settles (a task that throws, even before its first await, is a rejected outcome, never an
// unhandled rejection), and after an abort no task begins.
import { describe, expect, it } from 'vitest';
import { settleInOrder } from './settle-in-order';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('settleInOrder', () => {
  it('begins tasks in order, at most `limit` at once, and settles each in its own place', async () => {
    const begun: number[] = [];
    let under = 0;
    let most = 0;
    const outcomes = settleInOrder([3, 1, 2, 1, 1], 2, new AbortController().signal, async (turns, index) => {
      begun.push(index);
      most = Math.max(most, ++under);
      for (let t = 0; t < turns; t++) await turn();
      under -= 1;
      if (index === 2) throw new Error('two failed');
      return index * 10;
    });
    const settled = await Promise.all(outcomes);
    expect(begun).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      0,
      10,
      'two failed',
      30,
      40,
    ]);
  });

  it('a task that throws before its first await settles as rejected', async () => {
    const [outcome] = settleInOrder([1], 4, new AbortController().signal, () => {
      throw new Error('at once');
    });
    expect(await outcome).toEqual({ status: 'rejected', reason: new Error('at once') });
  });

  it('after an abort no task begins; the ones under way end on their own', async () => {
    const controller = new AbortController();
    const begun: number[] = [];
    const outcomes = settleInOrder([0, 1, 2, 3], 2, controller.signal, async (_item, index) => {
      begun.push(index);
      await turn();
      // While the second task is under way too.
      if (index === 0) controller.abort(new Error('stop'));
      await turn();
      return index;
    });
    const settled = await Promise.all(outcomes);
    expect(begun).toEqual([0, 1]);
    expect(settled).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('stop') },
      { status: 'rejected', reason: new Error('stop') },
    ]);
  });

  it('no items: nothing to settle', () => {
    expect(settleInOrder([], 4, new AbortController().signal, async () => 1)).toEqual([]);
  });
});
