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
