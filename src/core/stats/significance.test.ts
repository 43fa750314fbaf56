import { describe, expect, it } from 'vitest';
import { compareTimes } from './significance';
import { welchFromSummary, welchTTest } from './welch';

describe('compareTimes', () => {
  it('calls a large, tight difference real', () => {
    // The published M1 Pro figures: VirtioFS 5.239 ± 0.115 s against gRPC FUSE 17.934 ± 1.493 s, 10 runs each.
    const result = compareTimes(
      { mean: 5.239, stddev: 0.115, runs: 10 },
      { mean: 17.934, stddev: 1.493, runs: 10 },
    );
    expect(result.verdict).toBe('faster');
    expect(result.ratio).toBeCloseTo(5.239 / 17.934, 12);
    expect(result.p).toBeLessThan(1e-6);
  });
  it('finds no measurable difference inside the noise', () => {
    // Means 1 % apart with a 5 % spread and 10 runs: t ≈ 0.45, far from significant.
    const result = compareTimes(
      { mean: 1.0, stddev: 0.05, runs: 10 },
      { mean: 1.01, stddev: 0.05, runs: 10 },
    );
    expect(result.verdict).toBe('no-measurable-difference');
    expect(result.p).toBeGreaterThan(0.5);
  });
  it('does not judge a single run', () => {
    expect(compareTimes({ mean: 1, stddev: null, runs: 1 }, { mean: 2, stddev: 0.1, runs: 10 }).verdict).toBe(
      'not-enough-runs',
    );
  });
  it('says slower when a is the slow one', () => {
    expect(compareTimes({ mean: 2, stddev: 0.01, runs: 5 }, { mean: 1, stddev: 0.01, runs: 5 }).verdict).toBe(
      'slower',
    );
  });
});

describe('welchFromSummary', () => {
  it('agrees with the test on the samples themselves', () => {
    const a = [1.1, 1.3, 1.2, 1.25, 1.15];
    const b = [1.5, 1.7, 1.55, 1.62, 1.58, 1.66];
    const m = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const v = (xs: number[]) => xs.reduce((s, x) => s + (x - m(xs)) ** 2, 0) / (xs.length - 1);
    const fromSummary = welchFromSummary(
      { mean: m(a), variance: v(a), n: a.length },
      { mean: m(b), variance: v(b), n: b.length },
    );
    const fromSamples = welchTTest(a, b);
    expect(fromSummary.t).toBeCloseTo(fromSamples.t, 12);
    expect(fromSummary.df).toBeCloseTo(fromSamples.df, 12);
    expect(fromSummary.p).toBeCloseTo(fromSamples.p, 12);
  });
});
