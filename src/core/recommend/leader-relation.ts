// Is a backend really behind the score leader? The score itself has no test, so the question is
// asked where the data is: on each weighted workload, Welch's test at 95 % between the two.
import type { RankedBackend, WorkloadRanking } from '../../shared/recommendation';
import { compareTimes } from '../stats/significance';
import { intervalAgainst } from './rank';

/** Ratios within 1 ± this are a practical tie, as in the race's stop rule. */
export const TIE_MARGIN = 0.05;

/**
 * `tied`: no weighted workload shows a measurable difference and every interval lies within ±5 %;
 * `undecided`: no measurable difference, but an interval reaches past ±5 % (more samples would
 * decide); `unknown`: some could not be tested (single runs); `different`: a workload differs.
 */
export type LeaderRelation = 'tied' | 'undecided' | 'unknown' | 'different';

export function relationToLeader(
  backendKey: string,
  leaderKey: string,
  rankings: readonly WorkloadRanking[],
  weightedKeys: readonly string[],
): LeaderRelation {
  let untested = false;
  let wide = false;
  for (const key of weightedKeys) {
    const ranking = rankings.find((r) => r.workloadKey === key);
    const find = (k: string) => ranking?.entries.find((e) => e.backend.key === k);
    const [a, b] = [find(backendKey), find(leaderKey)] as [
      RankedBackend | undefined,
      RankedBackend | undefined,
    ];
    if (!a || !b) {
      untested = true;
      continue;
    }
    const verdict = compareTimes(a, b).verdict;
    if (verdict === 'faster' || verdict === 'slower') return 'different';
    if (verdict === 'not-enough-runs') untested = true;
    const interval = intervalAgainst(a, b);
    if (interval && (interval.low < 1 / (1 + TIE_MARGIN) || interval.high > 1 + TIE_MARGIN)) wide = true;
  }
  return untested ? 'unknown' : wide ? 'undecided' : 'tied';
}
