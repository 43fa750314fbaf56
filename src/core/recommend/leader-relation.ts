// Is a backend really behind the score leader? The score itself has no test, so the question is
// asked where the data is: on each weighted workload, the 95 % interval of their ratio of means.
import type { RankedBackend, WorkloadRanking } from '../../shared/recommendation';
import { withinMargin } from '../../shared/equivalence-margin';
import { sweptApart, compareBeyondDrift } from '../stats/pass-drift';
import { spentTogether } from '../stats/race-spent';

/**
 * `different`: measurably slower than the leader on some weighted workload; `tied` (equivalent):
 * no weighted workload shows a measurable difference and every interval lies within that
 * workload's equivalence margin (`marginOf`, shared/equivalence-margin.ts: ±10 % at Quick, ±5 % at
 * Standard, as in the race's stop rule); `undecided`: nothing shows it behind the leader, but an
 * interval reaches past the margin; `mixed`: measurably ahead of the
 * leader somewhere and behind nowhere (a trade-off the score alone cannot call a win); `unknown`:
 * some could not be tested; `drifted`: another setting of a bracketed sweep, and no difference
 * larger than the drift between the settings' two passes (stats/pass-drift.ts), while that drift
 * is larger than the margin, so more samples could not tell them apart either; `unresolved`:
 * another setting of a sweep, nothing shows a difference, and an interval reaches past the margin
 * no further than a drift would explain, but a sweep cannot sample on to narrow it: each setting
 * is measured behind a restart and no race crosses one, so "keep measuring" is no way on, and the
 * answer is that no difference this sweep can see was found (recommend.ts says how fine it saw).
 */
export type LeaderRelation =
  'tied' | 'undecided' | 'mixed' | 'unknown' | 'different' | 'drifted' | 'unresolved';

export function relationToLeader(
  backendKey: string,
  leaderKey: string,
  rankings: readonly WorkloadRanking[],
  weightedKeys: readonly string[],
  marginOf: (workloadKey: string) => number,
): LeaderRelation {
  let untested = false;
  let wide = false;
  let ahead = false;
  let drifted = false;
  let unresolved = false;
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
    const { verdict, interval, drift, withinDrift } = compareBeyondDrift(a, b);
    // Behind the leader measurably somewhere: the leader's lead is real.
    if (verdict === 'slower') return 'different';
    // Measurably ahead of the leader somewhere and nowhere behind: the leader's better score is no
    // measurable win over it, so it may not be called the fastest.
    if (verdict === 'faster') ahead = true;
    if (verdict === 'not-enough-runs') untested = true;
    if (!interval || withinMargin(interval, marginOf(key))) continue;
    // Wider than the margin: more samples narrow the interval, but not the drift between passes
    // (the control's drift is taken out of the comparison, so more samples still help there).
    if (withinDrift || (drift?.source === 'passes' && drift.factor > 1 + marginOf(key))) drifted = true;
    else if (sweptApart(a, b) || spentTogether(a, b)) unresolved = true;
    else wide = true;
  }
  if (untested) return 'unknown';
  if (ahead) return 'mixed';
  if (wide) return 'undecided';
  return drifted ? 'drifted' : unresolved ? 'unresolved' : 'tied';
}
