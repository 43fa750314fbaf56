// Two backends a race left undecided. A race stops without a verdict at its cap, or earlier when
// not even its cap could call what is left (futile); either way it sampled as far as its run
// would go and called no difference between the backends still in, at an error rate held over
// every look it took. A test at 95 % on their final figures ignores those looks and would call
// some of these pairs (an A/A pair, now and then), so two backends spent in one race are compared
// at the level the race's last look could call them at (ComparisonRow.raceSpent): no answer
// calls a difference the race did not. And nothing in this run can narrow their interval any
// more, so where it reaches past the margin the answer is "no measurable difference within what
// this run can resolve", as between a sweep's settings (leader-relation.ts), with Keep measuring
// offered beside it for a race that stopped at its cap (shared/continuation.ts).
import type { RaceSpent } from '../../shared/comparison';

/** The level two backends spent in one race are compared at; null unless they are. */
export function spentLevel(a: { raceSpent?: RaceSpent }, b: { raceSpent?: RaceSpent }): number | null {
  if (!a.raceSpent || !b.raceSpent || a.raceSpent.race !== b.raceSpent.race) return null;
  return Math.min(a.raceSpent.level, b.raceSpent.level);
}

/** Whether two backends were left undecided by one race that sampled as far as it would go. */
export function spentTogether(a: { raceSpent?: RaceSpent }, b: { raceSpent?: RaceSpent }): boolean {
  return spentLevel(a, b) !== null;
}
