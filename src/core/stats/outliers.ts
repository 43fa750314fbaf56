// Outlier detection exactly as hyperfine's `outlier_detection.rs`: the modified z-score is
// (x - median) / MAD with no 0.6745 factor, and the threshold is 10 robust standard deviations
// (1.4826 converts a MAD to a standard deviation for normal data). Matching hyperfine keeps our
// "outliers" meaning the same thing as in the published, hyperfine-measured figures.
import { median } from './descriptive';

export const OUTLIER_THRESHOLD = 1.4826 * 10;

export function modifiedZScores(xs: readonly number[]): number[] {
  if (xs.length === 0) return [];
  const center = median(xs);
  const mad = median(xs.map((x) => Math.abs(x - center)));
  // When more than half the samples are identical the MAD is 0; hyperfine then divides by
  // f64::EPSILON so any sample that differs at all scores as an outlier and equal ones score 0.
  const scale = mad > 0 ? mad : Number.EPSILON;
  return xs.map((x) => (x - center) / scale);
}

/** Indexes (in run order) whose |modified z-score| exceeds the threshold. */
export function outlierIndexes(xs: readonly number[]): number[] {
  const out: number[] = [];
  modifiedZScores(xs).forEach((z, i) => {
    if (Math.abs(z) > OUTLIER_THRESHOLD) out.push(i);
  });
  return out;
}
