// A percentile bootstrap interval for the ratio of two medians: on a busy machine a ratio of 0.97
// may be noise or a real 3 % bias, and the interval says which. Seeded, so a rerun on the same
// samples prints the same interval.
import { median } from '../../src/core/stats';
import { seededRandom as mulberry32 } from '../../src/shared/seeded-random';

function resample(xs: readonly number[], random: () => number): number[] {
  return xs.map(() => xs[Math.floor(random() * xs.length)]);
}

export function medianRatioInterval95(
  a: readonly number[],
  b: readonly number[],
  iterations = 4000,
): { low: number; high: number } {
  const random = mulberry32(0x6d65);
  const ratios: number[] = [];
  for (let i = 0; i < iterations; i++) ratios.push(median(resample(a, random)) / median(resample(b, random)));
  ratios.sort((x, y) => x - y);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))];
  return { low: at(0.025), high: at(0.975) };
}

/** The same for the median of one set of values (e.g. per-round ratios). */
export function medianInterval95(xs: readonly number[], iterations = 4000): { low: number; high: number } {
  const random = mulberry32(0x6d66);
  const medians: number[] = [];
  for (let i = 0; i < iterations; i++) medians.push(median(resample(xs, random)));
  medians.sort((x, y) => x - y);
  const at = (q: number) => medians[Math.min(medians.length - 1, Math.floor(q * medians.length))];
  return { low: at(0.025), high: at(0.975) };
}
