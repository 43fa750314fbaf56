// Cold and warm are different results, not noise (docs/methodology.md): the first execution after a fixture
// is laid runs on cold caches. It is reported apart, and called different when the warm runs
// cannot explain it: outside their 95 % prediction interval for one more run,
// mean ± t(0.975, n−1) · s · √(1 + 1/n).
import { mean, sampleStandardDeviation } from './descriptive';
import { studentTQuantile } from './student-t';

export function firstRunDiffers(first: number, warm: readonly number[]): boolean {
  const s = sampleStandardDeviation(warm);
  if (s === null) return false;
  const m = mean(warm);
  const halfWidth = studentTQuantile(0.975, warm.length - 1) * s * Math.sqrt(1 + 1 / warm.length);
  return first > m + halfWidth || first < m - halfWidth;
}
