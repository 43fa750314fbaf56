import { describe, expect, it } from 'vitest';
import { roundOrder } from './round-order';

describe('roundOrder', () => {
  it('rotates by one place a round, so each backend takes every position once in k rounds', () => {
    const lanes = ['a', 'b', 'c'];
    const rounds = [0, 1, 2].map((r) => roundOrder(lanes, r));
    expect(rounds).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
    ]);
    for (const lane of lanes)
      expect(new Set(rounds.map((order) => order.indexOf(lane)))).toEqual(new Set([0, 1, 2]));
    expect(roundOrder(lanes, 3)).toEqual(rounds[0]);
  });

  it('handles one lane and none', () => {
    expect(roundOrder(['x'], 5)).toEqual(['x']);
    expect(roundOrder([], 2)).toEqual([]);
  });
});
