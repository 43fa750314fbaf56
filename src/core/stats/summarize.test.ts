import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { statsSchema } from '../../shared/result-schema';
import { summarize } from './summarize';

describe('summarize', () => {
  it('computes the descriptive statistics of a hand-worked vector', () => {
    // samples 2 4 4 4 5 5 7 9, n = 8
    // mean   = 40 / 8 = 5
    // Σ(x-5)² = 9+1+1+1+0+0+4+16 = 32, sample variance = 32 / 7, σ = √(32/7) ≈ 2.13809
    // median = (4 + 5) / 2 = 4.5 (even count: mean of the two middle values)
    // |x - 4.5| = 2.5 .5 .5 .5 .5 .5 2.5 4.5 → MAD = 0.5; largest z = 4.5 / 0.5 = 9 < 14.826
    const stats = summarize([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(stats.mean).toBe(5);
    expect(stats.stddev).toBeCloseTo(Math.sqrt(32 / 7), 14);
    expect(stats.median).toBe(4.5);
    expect(stats.min).toBe(2);
    expect(stats.max).toBe(9);
    expect(stats.runs).toBe(8);
    expect(stats.samples).toEqual([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(stats.outliers).toEqual([]);
    expect(stats.user).toBeNull();
    expect(stats.system).toBeNull();
    expect(statsSchema.safeParse(stats).success).toBe(true);
  });

  it('flags a far sample by its index in run order', () => {
    // samples 2 4 4 4 5 5 7 9 30, n = 9, Σx = 70, mean = 70/9
    // Σx² = 4 + 3·16 + 2·25 + 49 + 81 + 900 = 1132; SS = 1132 - 70²/9 = 5288/9; var = SS/8 = 661/9
    // median = 5; |x - 5| = 3 1 1 1 0 0 2 4 25 → sorted 0 0 1 1 1 2 3 4 25 → MAD = 1
    // z(30) = 25 > 14.826 → outlier; z(9) = 4 is not
    const stats = summarize([2, 4, 4, 4, 5, 5, 7, 9, 30]);
    expect(stats.mean).toBeCloseTo(70 / 9, 14);
    expect(stats.stddev).toBeCloseTo(Math.sqrt(661 / 9), 13);
    expect(stats.median).toBe(5);
    expect(stats.outliers).toEqual([8]);
  });

  it('averages user and system CPU time when the clock gives them', () => {
    // user (0.1 + 0.2 + 0.3) / 3 = 0.2; system (0.05 + 0.05 + 0.2) / 3 = 0.1
    const stats = summarize([1, 1.1, 1.2], { user: [0.1, 0.2, 0.3], system: [0.05, 0.05, 0.2] });
    expect(stats.user).toBeCloseTo(0.2, 15);
    expect(stats.system).toBeCloseTo(0.1, 15);
  });

  it('keeps a single sample with no standard deviation, as hyperfine does', () => {
    const stats = summarize([0.25]);
    expect(stats).toMatchObject({ mean: 0.25, median: 0.25, min: 0.25, max: 0.25, runs: 1, stddev: null });
    expect(stats.outliers).toEqual([]);
    expect(statsSchema.safeParse(stats).success).toBe(true);
  });

  it('gives zero spread and no outliers for identical samples (MAD 0, every z-score 0)', () => {
    const stats = summarize([0.5, 0.5, 0.5, 0.5]);
    expect(stats.stddev).toBe(0);
    expect(stats.outliers).toEqual([]);
  });

  it('flags the differing samples when the MAD is 0 (hyperfine divides by machine epsilon)', () => {
    expect(summarize([10, 10, 10, 10, 10, 10, 10, 100]).outliers).toEqual([7]);
    expect(summarize([10, 10, 10, 10, 10, 10, 10, 100, 100]).outliers).toEqual([7, 8]);
  });

  it('does not change the caller array', () => {
    const input = [3, 1, 2];
    const stats = summarize(input);
    expect(input).toEqual([3, 1, 2]);
    stats.samples.push(99);
    expect(input).toEqual([3, 1, 2]);
  });

  it.each([
    [[], /no timed samples/],
    [[1, -0.5], /samples\[1\] is -0.5/],
    [[1, Number.NaN], /samples\[1\] is NaN/],
    [[Number.POSITIVE_INFINITY], /samples\[0\] is Infinity/],
  ])('refuses %j with a clear BAD_INPUT error', (samples, message) => {
    expect(() => summarize(samples)).toThrow(message);
    expect(() => summarize(samples)).toThrow(MountbenchError);
  });

  it('refuses CPU times that do not pair up with the samples', () => {
    expect(() => summarize([1, 2], { user: [0.1], system: [0.1, 0.2] })).toThrow(
      /user CPU times have 1 entries for 2/,
    );
    expect(() => summarize([1, 2], { user: [0.1, 0.2], system: [0.1, -1] })).toThrow(/system\[1\]/);
  });
});
