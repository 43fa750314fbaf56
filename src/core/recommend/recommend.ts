// The answer Mountbench ends on: which backend to use for a profile on one machine, whether the
// difference is real, what it costs and what to do. It works on ComparisonRow[], so a fresh run,
// an imported file and the published figures are recommended from by the same code.
import type { ComparisonRow } from '../../shared/comparison';
import { MountbenchError } from '../../shared/errors';
import type {
  BackendRef,
  Profile,
  Recommendation,
  RecommendationVerdict,
  ScoredBackend,
} from '../../shared/recommendation';
import type { ActionOptions } from './action-options';
import { backendSetup, rankedBackends } from './backend-setups';
import { caveats } from './caveats';
import { relationToLeader, type LeaderRelation } from './leader-relation';
import { groupByMachine, singleMachine } from './machine-groups';
import { keepOneSizePerWorkload } from './one-size';
import { pickOnePerBackendAndWorkload } from './pick-rows';
import { scoreProfile } from './profile-score';
import { rankWorkloads } from './rank';
import { describeSetup } from './setup-kind';
import { compareSimplicity, simplicity, type CurrentSetting } from './setup-simplicity';

export interface RecommendOptions extends ActionOptions {
  /** The user's file-sharing settings now: among tied backends, keeping them beats a change. */
  current?: readonly CurrentSetting[];
}

function times(x: number): string {
  return `${x.toFixed(2)}×`;
}

function reasonFor(
  verdict: RecommendationVerdict,
  profile: Profile,
  choice: BackendRef | null,
  scores: readonly ScoredBackend[],
  tied: readonly BackendRef[],
  relations: ReadonlyMap<string, LeaderRelation>,
): string {
  const leader = scores[0];
  switch (verdict) {
    case 'no-data':
      return `No backend was measured on the workloads the ${profile.label} profile weighs.`;
    case 'no-measurable-difference':
      return (
        `No measurable difference between ${tied.map((b) => b.label).join(', ')} ` +
        `(Welch's t-test at 95 % on every weighted workload): ${choice?.label} is the simplest setup among them.`
      );
    case 'significance-unknown': {
      const unknown = scores
        .filter((s) => relations.get(s.backend.key) === 'unknown')
        .map((s) => s.backend.label);
      const shown =
        unknown.length > 3
          ? `${unknown.slice(0, 3).join(', ')} and ${unknown.length - 3} more`
          : unknown.join(', ');
      return (
        `${leader.backend.label} has the best ${profile.label} score, but a single run or a missing σ leaves ` +
        `unknown whether it is measurably ahead of ${shown}.`
      );
    }
    case 'winner': {
      const next = scores[1];
      if (!next)
        return `${leader.backend.label} is the only backend measured on every workload the profile weighs.`;
      return (
        `${leader.backend.label} is fastest for the ${profile.label} profile: the next, ${next.backend.label}, ` +
        `takes ${times(next.score / leader.score)} as long (weighted geometric mean), a measurable difference at 95 %.`
      );
    }
  }
}

/** Recommends from the rows of one machine; rows from several machines are refused (see recommendPerMachine). */
export function recommend(
  rows: readonly ComparisonRow[],
  profile: Profile,
  options: RecommendOptions = {},
): Recommendation {
  const machine = singleMachine(rows);
  const sized = keepOneSizePerWorkload(rows);
  const picked = pickOnePerBackendAndWorkload(sized.rows);
  const rankings = rankWorkloads(picked.rows);
  const { scores, unscored, weights, unmeasured } = scoreProfile(rankings, profile);
  const setups = rankedBackends(rankings).map((b) => backendSetup(b, rankings, options));
  const setupOf = (key: string) => setups.find((s) => s.backend.key === key);

  const weightedKeys = Object.keys(weights);
  const leader = scores[0];
  const relations = new Map<string, LeaderRelation>(
    leader
      ? scores
          .slice(1)
          .map((s) => [
            s.backend.key,
            relationToLeader(s.backend.key, leader.backend.key, rankings, weightedKeys),
          ])
      : [],
  );
  const tiedScores = leader
    ? [leader, ...scores.slice(1).filter((s) => relations.get(s.backend.key) === 'tied')]
    : [];
  const verdict: RecommendationVerdict = !leader
    ? 'no-data'
    : tiedScores.length > 1
      ? 'no-measurable-difference'
      : [...relations.values()].includes('unknown')
        ? 'significance-unknown'
        : 'winner';

  const current = options.current ?? [];
  const simplest = [...tiedScores].sort((a, b) => {
    const sa = setupOf(a.backend.key);
    const sb = setupOf(b.backend.key);
    if (!sa || !sb) throw new MountbenchError('INTERNAL', 'a scored backend has no setup');
    return (
      compareSimplicity(
        simplicity(describeSetup(a.backend), sa.action, current),
        simplicity(describeSetup(b.backend), sb.action, current),
      ) || a.score - b.score
    );
  });
  const choice = simplest[0]?.backend ?? null;
  const tied = simplest.map((s) => s.backend);

  return {
    machine,
    profile,
    verdict,
    choice,
    tied,
    reason: reasonFor(verdict, profile, choice, scores, tied, relations),
    scores,
    unscored,
    weights,
    rankings,
    setup: choice ? (setupOf(choice.key) ?? null) : null,
    setups,
    caveats: caveats({
      rows: picked.rows,
      rankings,
      unscored,
      unmeasured,
      pickCaveats: [...sized.caveats, ...picked.caveats],
    }),
  };
}

/** One recommendation per machine, machines in the order they first appear in the rows. */
export function recommendPerMachine(
  rows: readonly ComparisonRow[],
  profile: Profile,
  options: RecommendOptions = {},
): Recommendation[] {
  if (rows.length === 0) throw new MountbenchError('BAD_INPUT', 'there are no results to rank');
  return groupByMachine(rows).map((group) => recommend(group.rows, profile, options));
}
