import { describe, expect, it } from 'vitest';
import { summarize } from './summarize';
import { statsWarnings } from './warnings';

describe('statsWarnings', () => {
  it('says nothing about a clean run', () => {
    expect(statsWarnings(summarize([1.0, 1.01, 0.99, 1.02, 0.98]), { clockResolutionSeconds: 1e-6 })).toEqual(
      [],
    );
  });

  it('warns that the first run was much slower (hyperfine: its signed z-score is above the threshold)', () => {
    // median 0.30, MAD 0.01, z(first) = (0.5 - 0.3) / 0.01 = 20 > 14.826
    const warnings = statsWarnings(summarize([0.5, 0.3, 0.29, 0.31, 0.3]));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /first timed run \(500\.0 ms\) was much slower than the rest \(median 300\.0 ms\)/,
    );
    expect(warnings[0]).toMatch(/Add warm-up runs/);
  });

  it('tailors the advice when warm-up runs were already used', () => {
    const [warning] = statsWarnings(summarize([0.5, 0.3, 0.29, 0.31, 0.3]), { warmupRuns: 3 });
    expect(warning).toMatch(/Warm-up runs were already used \(3\)/);
  });

  it('reports a much faster first run as an outlier, not as a cold cache', () => {
    // median 0.30, MAD 0.01, z(first) = (0.1 - 0.3) / 0.01 = -20: an outlier, but not "slower"
    const warnings = statsWarnings(summarize([0.1, 0.3, 0.29, 0.31, 0.3]));
    expect(warnings).toEqual([expect.stringMatching(/^1 of 5 samples is a statistical outlier/)]);
  });

  it('counts the outliers', () => {
    // 10 × 7 then 100, 100: MAD 0 → both 100s are outliers
    const warnings = statsWarnings(summarize([10, 10, 10, 10, 10, 10, 10, 100, 100]));
    expect(warnings).toEqual([expect.stringMatching(/^2 of 9 samples are statistical outliers/)]);
  });

  it('gives the slow-first-run warning instead of the generic one, as hyperfine does', () => {
    const warnings = statsWarnings(summarize([0.9, 0.3, 0.29, 0.31, 0.3, 0.3, 0.8]));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/first timed run/);
  });

  it('warns when samples are shorter than 100 clock ticks', () => {
    // shortest sample 0.05 s; with a 1 ms tick, 100 ticks = 0.1 s > 0.05 s → warn
    const stats = summarize([0.05, 0.06, 0.055]);
    const warnings = statsWarnings(stats, { clockResolutionSeconds: 1e-3 });
    expect(warnings).toEqual([
      expect.stringMatching(/shortest sample \(50\.00 ms\) is less than 100 ticks .*1\.000 ms/),
    ]);
    // with a 1 µs tick, 100 ticks = 0.1 ms, far below 50 ms → silent
    expect(statsWarnings(stats, { clockResolutionSeconds: 1e-6 })).toEqual([]);
    // without a resolution the check cannot be made
    expect(statsWarnings(stats)).toEqual([]);
  });

  it('says nothing about a single sample', () => {
    expect(statsWarnings(summarize([3]))).toEqual([]);
  });

  it('gives no outlier verdict on fewer than five samples', () => {
    // Three samples, one far off: the median and MAD of three cannot tell an outlier from noise.
    expect(statsWarnings(summarize([0.3, 0.31, 3]))).toEqual([]);
    expect(statsWarnings(summarize([0.3, 0.31, 0.29, 0.305, 3]))).toEqual([
      expect.stringMatching(/^1 of 5 samples is a statistical outlier/),
    ]);
  });
});
