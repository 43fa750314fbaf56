// "Is backend A really faster than B?" as the whole app asks it: Welch's t-test at 95 % on the
// timed runs, from the samples when we have them, from mean ± σ and n for published figures.
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
  /** Two-sided p-value of Welch's test; null when either side has fewer than two runs. */
  p: number | null;
  /** How `a` compares with `b`. */
  verdict: Verdict;
}

export function compareTimes(a: TimeSummary, b: TimeSummary, alpha = SIGNIFICANCE_LEVEL): Comparison {
  const ratio = b.mean > 0 ? a.mean / b.mean : a.mean > 0 ? Infinity : 1;
  if (a.runs < 2 || b.runs < 2 || a.stddev === null || b.stddev === null) {
    return { ratio, p: null, verdict: 'not-enough-runs' };
  }
  const { p } = welchFromSummary(
    { mean: a.mean, variance: a.stddev ** 2, n: a.runs },
    { mean: b.mean, variance: b.stddev ** 2, n: b.runs },
  );
  const verdict: Verdict = p >= alpha ? 'no-measurable-difference' : a.mean < b.mean ? 'faster' : 'slower';
  return { ratio, p, verdict };
}
