import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { welchTTest } from './welch';

describe("Welch's t-test", () => {
  it('matches a hand-worked example', () => {
    // a = 1..5: mean 3, s² = 2.5;  b = 2,4,..,10: mean 6, s² = 10
    // se² = 2.5/5 + 10/5 = 2.5 → t = (3 - 6) / √2.5 ≈ -1.8973666
    // df = 2.5² / (0.5²/4 + 2²/4) = 6.25 / 1.0625 ≈ 5.8823529
    // p: scipy.stats.ttest_ind(a, b, equal_var=False) → 0.10753119493062728
    const r = welchTTest([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]);
    expect(r.t).toBeCloseTo(-3 / Math.sqrt(2.5), 14);
    expect(r.df).toBeCloseTo(6.25 / 1.0625, 12);
    expect(r.p).toBeCloseTo(0.10753119493062728, 12);
  });

  it('finds a real difference between two backends', () => {
    // scipy.stats.ttest_ind(a, b, equal_var=False): t = -6.095835919373576, df = 6.126221249513093,
    // p = 0.0008209319198249763
    const a = [0.512, 0.498, 0.505, 0.52, 0.501];
    const b = [0.53, 0.541, 0.528, 0.536, 0.533, 0.539];
    const r = welchTTest(a, b);
    expect(r.t).toBeCloseTo(-6.095835919373576, 10);
    expect(r.df).toBeCloseTo(6.126221249513093, 10);
    expect(r.p).toBeCloseTo(0.0008209319198249763, 13);
    // swapping the sides flips the sign only
    const s = welchTTest(b, a);
    expect(s.t).toBeCloseTo(-r.t, 12);
    expect(s.p).toBeCloseTo(r.p, 15);
  });

  it('handles constant samples without dividing 0 by 0', () => {
    expect(welchTTest([1, 1, 1], [1, 1])).toEqual({ t: 0, df: 3, p: 1 });
    expect(welchTTest([2, 2, 2], [1, 1])).toEqual({ t: Infinity, df: 3, p: 0 });
    // one side constant: df reduces to the other side's n - 1
    const r = welchTTest([1, 1, 1], [1, 2, 3, 4]);
    expect(r.df).toBeCloseTo(3, 12);
  });

  it('needs two samples on each side', () => {
    expect(() => welchTTest([1], [1, 2])).toThrow(MountbenchError);
    expect(() => welchTTest([1, 2], [1])).toThrow(/at least 2 samples in b/);
    expect(() => welchTTest([1, Number.NaN], [1, 2])).toThrow(/a\[1\] is not a finite number/);
  });
});
