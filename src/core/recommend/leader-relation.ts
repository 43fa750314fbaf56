// Is a backend really behind the score leader? The score itself has no test, so the question is
// asked where the data is: on each weighted workload, Welch's test at 95 % between the two.
import type { RankedBackend, WorkloadRanking } from '../../shared/recommendation';
import { compareTimes } from '../stats/significance';

/**
 * `tied`: no weighted workload shows a measurable difference; `unknown`: none does, but some
 * could not be tested (single runs); `different`: at least one does.
 */
export type LeaderRelation = 'tied' | 'unknown' | 'different';

export function relationToLeader(
  backendKey: string,
  leaderKey: string,
  rankings: readonly WorkloadRanking[],
  weightedKeys: readonly string[],
): LeaderRelation {
  let untested = false;
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
  }
  return untested ? 'unknown' : 'tied';
}
