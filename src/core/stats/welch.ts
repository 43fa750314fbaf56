// Welch's unequal-variances t-test: decides whether two backends differ for real (docs/methodology.md,
// "Statistics"). Backends often differ tenfold in spread, so Student's pooled test would lie.
import { MountbenchError } from '../../shared/errors';
import { mean, sampleVariance } from './descriptive';
import { studentTTwoSidedP } from './student-t';

export interface WelchResult {
  /** (mean(a) - mean(b)) / standard error: positive when `a` is slower. */
  t: number;
  /** Welch–Satterthwaite degrees of freedom. */
  df: number;
  /** Two-sided p-value. */
  p: number;
}

function checkSide(name: string, xs: readonly number[]): void {
  if (xs.length < 2) {
    throw new MountbenchError(
      'BAD_INPUT',
      `Welch's t-test needs at least 2 samples in ${name}, got ${xs.length}`,
    );
  }
  xs.forEach((x, i) => {
    if (!Number.isFinite(x)) throw new MountbenchError('BAD_INPUT', `${name}[${i}] is not a finite number`);
  });
}

export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult {
  checkSide('a', a);
  checkSide('b', b);
  return welchFromSummary(
    { mean: mean(a), variance: sampleVariance(a) as number, n: a.length },
    { mean: mean(b), variance: sampleVariance(b) as number, n: b.length },
  );
}

/** What Welch's test needs of one side; published figures give only these, not the samples. */
export interface SideSummary {
  mean: number;
  /** Sample variance (n - 1). */
  variance: number;
  n: number;
}

export function welchFromSummary(a: SideSummary, b: SideSummary): WelchResult {
  for (const [name, side] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (side.n < 2)
      throw new MountbenchError(
        'BAD_INPUT',
        `Welch's t-test needs at least 2 samples in ${name}, got ${side.n}`,
      );
    if (!Number.isFinite(side.mean) || !Number.isFinite(side.variance) || side.variance < 0) {
      throw new MountbenchError('BAD_INPUT', `${name} has no finite mean and variance`);
    }
  }
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const diff = a.mean - b.mean;
  const se2 = va + vb;
  if (se2 === 0) {
    // Both sides constant: the Welch df is 0/0. Fall back to the pooled df; the verdict is certain
    // either way (identical constants: no difference; different constants: a difference).
    const df = a.n + b.n - 2;
    if (diff === 0) return { t: 0, df, p: 1 };
    return { t: diff > 0 ? Infinity : -Infinity, df, p: 0 };
  }
  const t = diff / Math.sqrt(se2);
  const df = (se2 * se2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  return { t, df, p: studentTTwoSidedP(t, df) };
}
