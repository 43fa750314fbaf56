// Welch's unequal-variances t-test: decides whether two backends differ for real (design.md,
// "Recommending"). Backends often differ tenfold in spread, so Student's pooled test would lie.
import { MountbenchError } from '../../../shared/errors';
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
  const va = (sampleVariance(a) as number) / a.length;
  const vb = (sampleVariance(b) as number) / b.length;
  const diff = mean(a) - mean(b);
  const se2 = va + vb;
  if (se2 === 0) {
    // Both sides constant: the Welch df is 0/0. Fall back to the pooled df; the verdict is certain
    // either way (identical constants: no difference; different constants: a difference).
    const df = a.length + b.length - 2;
    if (diff === 0) return { t: 0, df, p: 1 };
    return { t: diff > 0 ? Infinity : -Infinity, df, p: 0 };
  }
  const t = diff / Math.sqrt(se2);
  const df = (se2 * se2) / ((va * va) / (a.length - 1) + (vb * vb) / (b.length - 1));
  return { t, df, p: studentTTwoSidedP(t, df) };
}
