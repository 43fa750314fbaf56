// Student's t distribution, for confidence intervals (adaptive stop) and Welch's test.
import { MountbenchError } from '../../shared/errors';
import { mean, sampleStandardDeviation } from './descriptive';
import { regularizedIncompleteBeta } from './special-functions';

function checkDf(df: number): void {
  if (!(df > 0) || !Number.isFinite(df)) {
    throw new MountbenchError('INTERNAL', `Student's t needs finite degrees of freedom > 0, got ${df}`);
  }
}

/** P(|T| ≥ |t|) for T ~ t(df): the two-sided p-value of a t statistic. */
export function studentTTwoSidedP(t: number, df: number): number {
  checkDf(df);
  if (Number.isNaN(t)) throw new MountbenchError('INTERNAL', 't statistic is NaN');
  if (!Number.isFinite(t)) return 0;
  // Computing the tail directly (not 1 - CDF) keeps tiny p-values accurate.
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** P(T ≤ t) for T ~ t(df). */
export function studentTCdf(t: number, df: number): number {
  const tail = studentTTwoSidedP(t, df) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/**
 * Quantiles already found, by p and df: the bisection costs some 60 incomplete beta functions, and
 * a team dataset's analysis asks for the same few (the 97.5 % point of 9 degrees of freedom) for
 * every run. The function is pure, so a kept value is the value; the map is emptied when full.
 */
const quantiles = new Map<string, number>();
const MAX_KEPT_QUANTILES = 10_000;

/** The p-quantile of t(df), found by bisection on the CDF to full double precision. */
export function studentTQuantile(p: number, df: number): number {
  checkDf(df);
  if (!(p > 0 && p < 1)) throw new MountbenchError('INTERNAL', `A quantile needs 0 < p < 1, got ${p}`);
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  // `${x}` is the shortest text that reads back as the same double: one key per (p, df).
  const key = `${p} ${df}`;
  const known = quantiles.get(key);
  if (known !== undefined) return known;
  const found = bisectQuantile(p, df);
  if (quantiles.size >= MAX_KEPT_QUANTILES) quantiles.clear();
  quantiles.set(key, found);
  return found;
}

function bisectQuantile(p: number, df: number): number {
  // For t > 0, P(|T| ≥ t) = 2(1 - p) and it falls as t grows.
  const target = 2 * (1 - p);
  let lo = 0;
  let hi = 1;
  while (studentTTwoSidedP(hi, df) > target) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 200 && hi - lo > 4 * Number.EPSILON * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTTwoSidedP(mid, df) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface ConfidenceInterval {
  mean: number;
  /** Half the interval's width: the interval is mean ± halfWidth. */
  halfWidth: number;
  lower: number;
  upper: number;
  /** halfWidth / mean: what the adaptive stop compares with its ±2 % target (Infinity if mean is 0). */
  relativeHalfWidth: number;
}

/** 95 % confidence interval of the mean, mean ± t(0.975, n-1) · s / √n. Null below two samples. */
export function confidenceInterval95(samples: readonly number[]): ConfidenceInterval | null {
  const s = sampleStandardDeviation(samples);
  if (s === null) return null;
  const m = mean(samples);
  const halfWidth = (studentTQuantile(0.975, samples.length - 1) * s) / Math.sqrt(samples.length);
  const relativeHalfWidth = m > 0 ? halfWidth / m : halfWidth === 0 ? 0 : Infinity;
  return { mean: m, halfWidth, lower: m - halfWidth, upper: m + halfWidth, relativeHalfWidth };
}
