import { describe, expect, it } from 'vitest';
import { opsOf, perOp, perOpSpread } from './per-op';

describe('per-operation time', () => {
  it('divides a batched sample by its operations', () => {
    expect(perOp(0.5, 4096)).toBeCloseTo(0.5 / 4096, 15);
    expect(perOpSpread({ mean: 2, stddev: 0.4, opsPerSample: 4 })).toEqual({ mean: 0.5, stddev: 0.1 });
  });

  it('counts an absent, zero or negative count as one operation', () => {
    expect([undefined, 0, -3].map(opsOf)).toEqual([1, 1, 1]);
    expect(perOpSpread({ mean: 2, stddev: null })).toEqual({ mean: 2, stddev: null });
  });
});
