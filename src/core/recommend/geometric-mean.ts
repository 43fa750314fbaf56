// Ratios multiply: twice as slow on one workload and twice as fast on another should cancel out,
// which an arithmetic mean of ratios does not do (it would say 1.25). Hence the geometric mean.
import { MountbenchError } from '../../shared/errors';

/** exp(Σ wᵢ·ln xᵢ / Σ wᵢ) over positive values and non-negative weights. */
export function weightedGeometricMean(values: readonly number[], weights: readonly number[]): number {
  if (values.length === 0 || values.length !== weights.length) {
    throw new MountbenchError(
      'BAD_INPUT',
      'a weighted geometric mean needs one weight per value, and at least one value',
    );
  }
  let total = 0;
  let sum = 0;
  values.forEach((x, i) => {
    const w = weights[i];
    if (!(x > 0)) throw new MountbenchError('BAD_INPUT', `geometric mean of a non-positive value (${x})`);
    if (!(w >= 0) || !Number.isFinite(w)) throw new MountbenchError('BAD_INPUT', `invalid weight ${w}`);
    if (w === 0) return;
    total += w;
    sum += w * Math.log(x);
  });
  if (total === 0)
    throw new MountbenchError('BAD_INPUT', 'a weighted geometric mean needs a positive weight');
  return Math.exp(sum / total);
}
