// The order backends take their turn in one round: rotated by one place every round, so that over
// k rounds each backend runs first, second, … k-th once and a load spike or a warming laptop
// falls on all of them alike.

/** The lanes of round `round` (0-based), `lanes` in their planned order. */
export function roundOrder<T>(lanes: readonly T[], round: number): T[] {
  if (lanes.length === 0) return [];
  const shift = ((round % lanes.length) + lanes.length) % lanes.length;
  return [...lanes.slice(shift), ...lanes.slice(0, shift)];
}
