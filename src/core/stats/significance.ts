// "Is backend A really faster than B?" as the whole app asks it, from the samples when we have
// them, from mean ± σ and n for published figures. One statistic decides and is shown: Welch's
// t on the log of the ratio of means (ratio-interval.ts), so the 95 % interval printed beside a
// verdict excludes 1 exactly when the verdict says the backends differ (docs/methodology.md,
// "One statistic per claim"). Welch on the raw means answered differently near the edge (p = 0.054
// beside an interval of 1.09 … 2.21): the two are not the same test.
import { excludesOne, ratioIntervalFromSummary, type RatioInterval } from './ratio-interval';
import { welchFromSummary } from './welch';

export const SIGNIFICANCE_LEVEL = 0.05;

export interface TimeSummary {
  mean: number;
  /** Sample standard deviation; null with a single run. */
  stddev: number | null;
  runs: number;
}

export type Verdict = 'faster' | 'slower' | 'no-measurable-difference' | 'not-enough-runs';

export interface Comparison {
  /** a.mean / b.mean: below 1 when `a` is faster. */
  ratio: number;
  /** Two-sided p-value of the test that decided; null when either side has fewer than two runs. */
  p: number | null;
  /** How `a` compares with `b`. */
  verdict: Verdict;
  /**
   * The interval of a / b at 1 − alpha the verdict was read from (it excludes 1 exactly when the
   * verdict is `faster` or `slower`); null without two runs a side, or with a zero mean.
   */
  interval: { low: number; high: number } | null;
}

export { excludesOne };

function direction(a: TimeSummary, b: TimeSummary): Verdict {
  return a.mean < b.mean ? 'faster' : 'slower';
}

export function compareTimes(a: TimeSummary, b: TimeSummary, alpha = SIGNIFICANCE_LEVEL): Comparison {
  const ratio = b.mean > 0 ? a.mean / b.mean : a.mean > 0 ? Infinity : 1;
  if (a.runs < 2 || b.runs < 2 || a.stddev === null || b.stddev === null) {
    return { ratio, p: null, verdict: 'not-enough-runs', interval: null };
  }
  const sa = { mean: a.mean, variance: a.stddev ** 2, n: a.runs };
  const sb = { mean: b.mean, variance: b.stddev ** 2, n: b.runs };
  const r: RatioInterval | null = ratioIntervalFromSummary(sa, sb, alpha);
  if (!r) {
    // A zero mean (a calibrated sample can be 0) has no log: the raw-scale Welch test is all there
    // is, and no interval is printed beside it.
    const { p } = welchFromSummary(sa, sb);
    return { ratio, p, verdict: p >= alpha ? 'no-measurable-difference' : direction(a, b), interval: null };
  }
  // The verdict is read off the interval itself, so the two cannot disagree.
  const interval = { low: r.low, high: r.high };
  return {
    ratio,
    p: r.p,
    verdict: excludesOne(interval) ? direction(a, b) : 'no-measurable-difference',
    interval,
  };
}
