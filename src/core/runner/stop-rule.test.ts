import { describe, expect, it } from 'vitest';
import { shouldStop, stopPolicy } from './stop-rule';

describe('shouldStop', () => {
  it('stops at exactly the asked runs without adaptive', () => {
    const policy = stopPolicy({ runs: 3 });
    expect(shouldStop([1, 2], policy)).toEqual({ stop: false });
    expect(shouldStop([1, 2, 3], policy)).toEqual({ stop: true, rule: 'fixed' });
  });
  it('never stops below the minimum, even when converged', () => {
    expect(shouldStop([1, 1, 1], stopPolicy({ runs: 5, adaptive: true }))).toEqual({ stop: false });
  });
  it('stops once the 95 % interval is within ±2 % of the mean', () => {
    // mean 1, s = 0.01, n = 5: half-width = t(0.975, 4) · 0.01 / √5 = 2.776 · 0.00447 = 0.0124 → 1.24 %.
    const tight = [0.99, 1.0, 1.01, 1.0, 1.0].map((x, i) => (i === 4 ? 1.0 : x));
    expect(shouldStop(tight, stopPolicy({ runs: 5, adaptive: true }))).toEqual({
      stop: true,
      rule: 'converged',
    });
    // s ≈ 0.1: half-width ≈ 12 %, keep going.
    expect(shouldStop([0.9, 1.1, 1.0, 0.85, 1.15], stopPolicy({ runs: 5, adaptive: true }))).toEqual({
      stop: false,
    });
  });
  it('gives up at the cap and says so', () => {
    const noisy = Array.from({ length: 8 }, (_, i) => (i % 2 ? 0.5 : 1.5));
    expect(shouldStop(noisy, stopPolicy({ runs: 2, adaptive: true, maxRuns: 8 }))).toEqual({
      stop: true,
      rule: 'max-runs',
    });
  });
  it('defaults the cap to five times the minimum, at least 30', () => {
    expect(stopPolicy({ runs: 3, adaptive: true }).maxRuns).toBe(30);
    expect(stopPolicy({ runs: 10, adaptive: true }).maxRuns).toBe(50);
  });
});
