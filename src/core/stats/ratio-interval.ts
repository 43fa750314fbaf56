// How many times as long one backend takes as another, with an interval, hyperfine-style
// ("1.26 × (1.05 … 1.50) as long"). The ratio of means is compared on the log scale, where the
// delta method gives a standard error per side (its coefficient of variation over √n) and
// Welch–Satterthwaite the degrees of freedom: the interval is then exp(log r ± t · se). The test
// of "ratio = 1" is the same t, so an interval that excludes 1 and a significant p always agree.
import { mean, sampleVariance } from './descriptive';
import { studentTQuantile, studentTTwoSidedP } from './student-t';

export interface RatioInterval {
  /** mean(a) / mean(b). */
  ratio: number;
  low: number;
  high: number;
  /** Two-sided p-value of "the means are equal" on the log scale. */
  p: number;
}

/** True when an interval of a ratio lies wholly on one side of 1: the two sides differ. */
export function excludesOne(interval: { low: number; high: number }): boolean {
  return interval.low > 1 || interval.high < 1;
}

/** What one side needs: published figures give only these, not the samples. */
export interface RatioSide {
  mean: number;
  /** Sample variance (n − 1). */
  variance: number;
  n: number;
}

function side(samples: readonly number[]): RatioSide | null {
  const variance = sampleVariance(samples);
  if (variance === null) return null;
  return { mean: mean(samples), variance, n: samples.length };
}

/** The interval at confidence 1 − alpha; null below two samples a side or with a zero mean. */
export function ratioInterval(
  a: readonly number[],
  b: readonly number[],
  alpha = 0.05,
): RatioInterval | null {
  const sa = side(a);
  const sb = side(b);
  return sa && sb ? ratioIntervalFromSummary(sa, sb, alpha) : null;
}

export function ratioIntervalFromSummary(sa: RatioSide, sb: RatioSide, alpha = 0.05): RatioInterval | null {
  if (sa.n < 2 || sb.n < 2 || !(sa.mean > 0) || !(sb.mean > 0)) return null;
  return intervalOfLogs(sa.mean / sb.mean, [sa, sb], alpha);
}

/**
 * The interval of a ratio made of these sides' means, on the log scale: each side brings its
 * delta-method error (its coefficient of variation squared over n), Welch–Satterthwaite counts
 * the degrees of freedom over all of them.
 */
function intervalOfLogs(ratio: number, sides: readonly RatioSide[], alpha: number): RatioInterval {
  const parts = sides.map((s) => s.variance / (s.n * s.mean ** 2));
  const se2 = parts.reduce((sum, c) => sum + c, 0);
  const logRatio = Math.log(ratio);
  if (se2 === 0) return { ratio, low: ratio, high: ratio, p: logRatio === 0 ? 1 : 0 };
  const se = Math.sqrt(se2);
  const df = (se2 * se2) / parts.reduce((sum, c, i) => sum + (c * c) / (sides[i].n - 1), 0);
  const t = studentTQuantile(1 - alpha / 2, df);
  return {
    ratio,
    low: Math.exp(logRatio - t * se),
    high: Math.exp(logRatio + t * se),
    p: studentTTwoSidedP(logRatio / se, df),
  };
}

/**
 * The interval of (a / b) ÷ (controlA / controlB): a's time over b's, with the drift a control
 * measured beside each taken out (a difference in differences, on the log scale). Null when a
 * side has fewer than two samples or a zero mean.
 */
export function controlledRatioInterval(
  a: RatioSide,
  b: RatioSide,
  controlA: RatioSide,
  controlB: RatioSide,
  alpha = 0.05,
): RatioInterval | null {
  const sides = [a, b, controlA, controlB];
  if (sides.some((s) => s.n < 2 || !(s.mean > 0))) return null;
  return intervalOfLogs(a.mean / b.mean / (controlA.mean / controlB.mean), sides, alpha);
}
