// Holm's step-down correction: several comparisons made at once keep their family-wise error rate
// at alpha, with more power than plain Bonferroni and no assumption about how the tests depend.

/** True for each p-value Holm's procedure rejects at family-wise level `alpha`, in input order. */
export function holmRejects(pValues: readonly number[], alpha: number): boolean[] {
  // A p-value that could not be computed counts as no evidence at all.
  const order = pValues.map((p, index) => ({ p: Number.isNaN(p) ? 1 : p, index })).sort((a, b) => a.p - b.p);
  const rejected = pValues.map(() => false);
  const m = pValues.length;
  for (const [rank, { p, index }] of order.entries()) {
    // The first p-value above its threshold stops the procedure: every larger one is kept too.
    if (!(p <= alpha / (m - rank))) break;
    rejected[index] = true;
  }
  return rejected;
}

/**
 * The level at which each p-value's interval is drawn so that "the interval excludes 1" is exactly
 * Holm's call: the k-th smallest p is tested at alpha / (m − k), and every p from the first one
 * Holm keeps onwards gets that first kept one's level (each of them is at least that p, so its
 * interval at that level includes 1, as Holm keeps it). Without this a pair rejected at
 * alpha / (m − 1) printed beside an interval at alpha / m could read "decided" across 1.
 */
export function holmLevels(pValues: readonly number[], alpha: number): number[] {
  const rejected = holmRejects(pValues, alpha);
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p: Number.isNaN(p) ? 1 : p, index })).sort((a, b) => a.p - b.p);
  const firstKept = order.findIndex(({ index }) => !rejected[index]);
  const levels = pValues.map(() => alpha);
  for (const [rank, { index }] of order.entries()) {
    const step = firstKept === -1 ? rank : Math.min(rank, firstKept);
    levels[index] = alpha / (m - step);
  }
  return levels;
}
