import { describe, expect, it } from 'vitest';
import { weightedGeometricMean } from './geometric-mean';

describe('weightedGeometricMean', () => {
  it('lets twice as slow and twice as fast cancel out', () => {
    // exp((ln 2 + ln 0.5) / 2) = exp(0) = 1, where the arithmetic mean would say 1.25.
    expect(weightedGeometricMean([2, 0.5], [1, 1])).toBeCloseTo(1, 12);
  });
  it('matches the hand computation with uneven weights', () => {
    // exp((3·ln 4 + 1·ln 1) / 4) = 4^(3/4) = 2^(3/2) = 2.8284271…
    expect(weightedGeometricMean([4, 1], [3, 1])).toBeCloseTo(2.8284271247, 9);
  });
  it('ignores zero weights', () => {
    expect(weightedGeometricMean([3, 1000], [1, 0])).toBeCloseTo(3, 12);
  });
  it('refuses what has no geometric mean', () => {
    expect(() => weightedGeometricMean([], [])).toThrow(/at least one value/);
    expect(() => weightedGeometricMean([1, 2], [1])).toThrow(/one weight per value/);
    expect(() => weightedGeometricMean([0, 2], [1, 1])).toThrow(/non-positive/);
    expect(() => weightedGeometricMean([1, 2], [0, 0])).toThrow(/positive weight/);
    expect(() => weightedGeometricMean([1, 2], [-1, 2])).toThrow(/invalid weight/);
  });
});
