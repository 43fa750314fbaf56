// Plain descriptive statistics. Kept separate from `summarize` so significance tests and the
// adaptive stop (which see raw sample arrays, not Stats) share exactly the same arithmetic.

export function mean(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Middle value; the average of the two middle values for an even count (as hyperfine's `median`). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Sample variance (Bessel's n - 1), two-pass so a large common offset (every sample near 1e3 s)
 * does not cancel away the spread. Null below two samples, where it is undefined.
 */
export function sampleVariance(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs);
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  return ss / (xs.length - 1);
}

export function sampleStandardDeviation(xs: readonly number[]): number | null {
  const v = sampleVariance(xs);
  return v === null ? null : Math.sqrt(v);
}
