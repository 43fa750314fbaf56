import { describe, expect, it } from 'vitest';
import { formatRatioInterval } from '../../shared/format-ratio';
import { ratioInterval } from './ratio-interval';

describe('ratioInterval', () => {
  it('centres on the ratio of means and widens as the confidence grows', () => {
    const a = [2.0, 2.2, 1.9, 2.1, 2.05];
    const b = [1.0, 1.1, 0.95, 1.05, 1.0];
    const r95 = ratioInterval(a, b, 0.05)!;
    const r99 = ratioInterval(a, b, 0.01)!;
    expect(r95.ratio).toBeCloseTo(10.25 / 5.1, 10);
    expect(r95.low).toBeLessThan(r95.ratio);
    expect(r95.high).toBeGreaterThan(r95.ratio);
    expect(r99.low).toBeLessThan(r95.low);
    expect(r99.high).toBeGreaterThan(r95.high);
    expect(r95.p).toBeLessThan(0.001);
  });

  it('is symmetric: swapping the sides inverts the interval', () => {
    const a = [3, 3.3, 2.9, 3.1];
    const b = [2.8, 3.0, 3.2, 2.9, 3.05];
    const ab = ratioInterval(a, b)!;
    const ba = ratioInterval(b, a)!;
    expect(ba.ratio).toBeCloseTo(1 / ab.ratio, 12);
    expect(ba.low).toBeCloseTo(1 / ab.high, 12);
    expect(ba.p).toBeCloseTo(ab.p, 12);
  });

  it('agrees with its own p: the interval excludes 1 exactly when p < alpha', () => {
    const a = [1.0, 1.04, 0.98, 1.03, 1.01, 0.99];
    for (const shift of [0, 0.01, 0.02, 0.03, 0.05, 0.1]) {
      const b = a.map((x, i) => x * (1 + shift) + (i % 2 ? 0.005 : -0.005));
      const r = ratioInterval(a, b, 0.05)!;
      expect(r.low > 1 || r.high < 1).toBe(r.p < 0.05);
    }
  });

  it('needs two samples a side and a positive mean', () => {
    expect(ratioInterval([1], [1, 2])).toBeNull();
    expect(ratioInterval([0, 0], [1, 2])).toBeNull();
  });

  it('prints hyperfine-style', () => {
    expect(formatRatioInterval({ ratio: 1.2634, low: 1.049, high: 1.5 })).toBe('1.26 × (1.05 … 1.50)');
    expect(formatRatioInterval({ ratio: 11.72, low: 9.81, high: 140.2 })).toBe('11.7 × (9.81 … 140)');
  });
});
