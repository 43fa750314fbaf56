// The answer Mountbench ends on: which backend to use for a profile on one machine, whether the
// difference is real, what it costs and what to do. It works on ComparisonRow[], so a fresh run,
// an imported file and the published figures are recommended from by the same code.
import type { ComparisonRow } from '../../shared/comparison';
import { MountbenchError } from '../../shared/errors';
import type {
  BackendRef,
  BackendSetup,
  Profile,
  Recommendation,
  RecommendationVerdict,
  RoleAnswer,
  PassDrift,
  RankedBackend,
  ScoredBackend,
  SweepResolution,
  WorkloadRanking,
} from '../../shared/recommendation';
import { differencePercent, formatRatioInterval } from '../../shared/format-ratio';
import { capitalized, weighedWithoutWords } from '../../shared/verdict-words';
import { ROLE_LABELS, ROLE_NAMES, ROLES, type Role } from '../../shared/roles';
import { roleOf } from '../../shared/mounts';
import type { ActionOptions } from '../vocab/action-options';
import { backendSetup, rankedBackends } from './backend-setups';
import { caveats } from './caveats';
import { equivalenceMargin, marginWords } from '../../shared/equivalence-margin';
import { relationToLeader, type LeaderRelation } from './leader-relation';
import { sweptApart, compareBeyondDrift, driftOf, type Drift } from '../stats/pass-drift';
import { spentTogether } from '../stats/race-spent';
import { groupByMachine, singleMachine } from './machine-groups';
import { keepOneSizePerWorkload } from './one-size';
import { pickOnePerBackendAndWorkload } from './pick-rows';
import { scoreProfile } from './profile-score';
import { rankWorkloads } from './rank';
import { scoreRole } from './role-scores';
import { describeSetup } from '../vocab/setup-kind';
import { compareSimplicity, simplicity, type CurrentSetting } from './setup-simplicity';
import { slowerOn } from './slower-on';

export interface RecommendOptions extends ActionOptions {
  /** The user's file-sharing settings now: among tied backends, keeping them beats a change. */
  current?: readonly CurrentSetting[];
}

function times(x: number): string {
  return `${x.toFixed(2)}×`;
}

function reasonFor(
  role: Role,
  verdict: RecommendationVerdict,
  profile: Profile,
  choice: BackendRef | null,
  scores: readonly ScoredBackend[],
  tied: readonly BackendRef[],
  relations: ReadonlyMap<string, LeaderRelation>,
  evidence: Evidence,
  margin: number,
): string {
  const leader = scores[0];
  switch (verdict) {
    case 'no-data':
      return `No backend was measured on the workloads the ${profile.label} profile weighs.`;
    case 'only-option':
      return (
        `${leader.backend.label} is the only backend measured for ${ROLE_NAMES[role]} on every workload ` +
        `the ${profile.label} profile weighs: nothing to compare it with, so it is the only option, not the fastest.`
      );
    case 'not-decided': {
      const mixed = scores
        .filter((s) => relations.get(s.backend.key) === 'mixed')
        .map((s) => s.backend.label);
      if (mixed.length)
        return (
          `Not decided: ${leader.backend.label} has the best ${profile.label} score, but ${mixed.join(', ')} ` +
          `${mixed.length === 1 ? 'is' : 'are'} measurably faster on some workload it weighs and slower on none. ` +
          `${choice?.label} is the simplest of them meanwhile.`
        );
      const others = tied.filter((b) => b.key !== leader.backend.key).map((b) => b.label);
      const widest = evidence.widest(leader.backend.key, others.length ? tied.map((b) => b.key) : []);
      return (
        `Not decided yet: no measurable difference between ${tied.map((b) => b.label).join(', ')}, but the ` +
        `intervals still reach past ${marginWords(margin)}` +
        (widest ? ` (${widest})` : '') +
        `. Keep measuring to decide; ${choice?.label} is the simplest of them meanwhile.`
      );
    }
    case 'no-measurable-difference':
      if (evidence.resolution)
        return (
          `No measurable difference: ${tied.map((b) => b.label).join(', ')} showed none on any weighted workload, ` +
          `but the widest interval is too wide to call them equivalent within ${marginWords(margin)} ` +
          `(${evidence.resolution.workloadKey}: ${formatRatioInterval(evidence.resolution.interval)}). ` +
          resolutionReason(evidence.resolution) +
          `${choice?.label} is the simplest setup among them.`
        );
      if (evidence.drift?.source === 'control')
        return (
          `No measurable difference once the machine's own drift is taken out: ${driftWords(evidence.drift)}, ` +
          `and with that taken out, what is left between ${tied.map((b) => b.label).join(', ')} is within the noise. ` +
          `${choice?.label} is the simplest setup among them.`
        );
      if (evidence.drift)
        return (
          `No measurable difference: ${tied.map((b) => b.label).join(', ')} differ by no more than the machine ` +
          `drifted while they were measured: ${driftWords(evidence.drift)}; more samples would not separate them. ` +
          `${choice?.label} is the simplest setup among them.`
        );
      return (
        `Equivalent: ${tied.map((b) => b.label).join(', ')} are within ${marginWords(margin)} of each other ` +
        `(on every weighted workload the 95 % interval of the ratio contains 1 and lies within ${marginWords(margin)}), ` +
        `no difference worth having: ` +
        `${choice?.label} is the simplest setup among them.`
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

/**
 * "bind mount · VZ + gRPC FUSE's two passes on metadata-walk were 1.42× apart", or "the host
 * baseline, which no setting touches, was 1.31× apart on metadata-walk between the settings of …".
 */
function driftWords(drift: PassDrift): string {
  if (drift.source === 'control')
    return (
      `the host baseline measured beside them, which no setting touches, was ${times(drift.factor)} apart on ` +
      `${drift.workloadKey} between the settings of ${drift.backend.label} and ${drift.other?.label ?? 'the other'}`
    );
  return `${drift.backend.label}'s two passes on ${drift.workloadKey} were ${times(drift.factor)} apart`;
}

/** Why an interval too wide for the margin is no reason to measure on, and what would see finer. */
function resolutionReason(resolution: SweepResolution): string {
  const under = `about ${differencePercent(resolution.factor)}`;
  if (resolution.by === 'race')
    return (
      `The race sampled as far as this run goes (to its cap, or until not even its cap could tell them ` +
      `apart) and called no difference at its error rate, so differences under ${under} are below what ` +
      `this run can resolve; ${resolution.size === 'quick' ? 'a Standard run or ' : ''}more samples see finer ones. `
    );
  return (
    `A sweep measures each setting behind a restart and cannot sample on to narrow it, so differences under ` +
    `${under} are below what this sweep can resolve` +
    `${resolution.size === 'quick' ? '; a Standard sweep sees finer ones' : ''}. `
  );
}

/** A drift between two backends' settings, with the backends it is said of. */
function namedDrift(drift: Drift, a: RankedBackend, b: RankedBackend, workloadKey: string): PassDrift {
  // Between passes: the backend whose own two passes moved that far.
  if (drift.source === 'passes')
    return {
      ...drift,
      workloadKey,
      backend: (b.passDrift ?? 1) > (a.passDrift ?? 1) ? b.backend : a.backend,
    };
  return { ...drift, workloadKey, backend: a.backend, other: b.backend };
}

/** What the reasons quote from the rankings: intervals, sample counts, the drift between passes. */
class Evidence {
  /** The largest drift between passes among the tied backends, when one was judged against it. */
  drift: PassDrift | null = null;
  /** Across a sweep's settings, the finest difference its widest interval could see. */
  resolution: SweepResolution | null = null;

  constructor(private readonly rankings: readonly WorkloadRanking[]) {}

  /**
   * The drift the answer was judged against, among these backends on these workloads
   * (stats/pass-drift.ts): the largest a guard took a difference back with (what decided), else the
   * largest drift between them (between passes wider than the margin: more samples would not help).
   */
  largestDrift(keys: readonly string[], workloadKeys: readonly string[]): PassDrift | null {
    let guarded: PassDrift | null = null;
    let plain: PassDrift | null = null;
    for (const ranking of this.rankings) {
      if (!workloadKeys.includes(ranking.workloadKey)) continue;
      const entries = ranking.entries.filter((e) => keys.includes(e.backend.key));
      entries.forEach((a, i) => {
        for (const b of entries.slice(i + 1)) {
          const guard = compareBeyondDrift(a, b).withinDrift;
          const drift = driftOf(a, b);
          if (guard && (!guarded || guard.factor > guarded.factor))
            guarded = namedDrift(guard, a, b, ranking.workloadKey);
          if (drift && (!plain || drift.factor > plain.factor))
            plain = namedDrift(drift, a, b, ranking.workloadKey);
        }
      });
    }
    return guarded ?? plain;
  }

  /** "FUSE on small-file-read: 1.08 × (0.70 … 1.66)": the widest interval among these backends. */
  widest(leaderKey: string, keys: readonly string[]): string | null {
    let best: { text: string; width: number } | null = null;
    for (const ranking of this.rankings) {
      const leader = ranking.entries.find((e) => e.backend.key === leaderKey);
      for (const entry of ranking.entries) {
        if (entry === leader || !keys.includes(entry.backend.key) || !entry.interval || !leader) continue;
        // Relative to the role's leader: the entry's ratio to the fastest over the leader's.
        const base = leader.ratio;
        const interval = {
          ratio: entry.ratio / base,
          low: entry.interval.low / base,
          high: entry.interval.high / base,
        };
        const width = interval.high / interval.low;
        if (!best || width > best.width)
          best = {
            text: `${entry.backend.label} on ${ranking.workloadKey}: ${formatRatioInterval(interval)}`,
            width,
          };
      }
    }
    return best?.text ?? null;
  }

  /**
   * The widest interval between the choice and another of these backends across a sweep's
   * settings, as other / choice, and the ratio it could tell from 1 (the square root of its
   * width, as the race's futility says it: core/stats/race.ts pairAtCap).
   */
  finestSeen(
    choiceKey: string,
    keys: readonly string[],
    workloadKeys: readonly string[],
    sizeOf: (workloadKey: string) => string | undefined,
  ): SweepResolution | null {
    let best: SweepResolution | null = null;
    for (const ranking of this.rankings) {
      if (!workloadKeys.includes(ranking.workloadKey)) continue;
      const choice = ranking.entries.find((e) => e.backend.key === choiceKey);
      if (!choice) continue;
      for (const other of ranking.entries) {
        if (
          other === choice ||
          !keys.includes(other.backend.key) ||
          !(sweptApart(other, choice) || spentTogether(other, choice))
        )
          continue;
        const { ratio, interval } = compareBeyondDrift(other, choice);
        if (!interval || !(interval.low > 0)) continue;
        const factor = Math.sqrt(interval.high / interval.low);
        if (!best || factor > best.factor) {
          const size = sizeOf(ranking.workloadKey);
          best = {
            factor,
            workloadKey: ranking.workloadKey,
            ...(size ? { size } : {}),
            interval: { ratio, low: interval.low, high: interval.high },
            ...(sweptApart(other, choice) ? {} : { by: 'race' as const }),
          };
        }
      }
    }
    return best;
  }

  samples(keys: readonly string[]): { min: number; max: number } | null {
    const runs = this.rankings.flatMap((r) =>
      r.entries.filter((e) => keys.includes(e.backend.key)).map((e) => e.runs),
    );
    return runs.length ? { min: Math.min(...runs), max: Math.max(...runs) } : null;
  }
}

interface AnswerInput {
  scores: readonly ScoredBackend[];
  rankings: readonly WorkloadRanking[];
  weightedKeys: readonly string[];
  /** Each workload's equivalence margin, from the size its rows were measured at. */
  marginOf(workloadKey: string): number;
  /** The size a workload's rows were measured at. */
  sizeOf(workloadKey: string): string | undefined;
  /** Workloads the profile weighs that none of this role's backends ran (role-scores.ts). */
  weighedWithout?: readonly string[];
  profile: Profile;
  setupOf(key: string): BackendSetup | undefined;
  current: readonly CurrentSetting[];
}

/** The answer among some scored backends (one role's, or all). */
function answerAmong(input: AnswerInput, role: Role): RoleAnswer {
  const { scores, rankings, weightedKeys, marginOf, sizeOf, profile, setupOf, current } = input;
  const without = input.weighedWithout ?? [];
  // The answer is worded with the widest margin its workloads were judged at.
  const margin = weightedKeys.length ? Math.max(...weightedKeys.map(marginOf)) : marginOf('');
  const leader = scores[0];
  const relations = new Map<string, LeaderRelation>(
    leader
      ? scores
          .slice(1)
          .map((s) => [
            s.backend.key,
            relationToLeader(s.backend.key, leader.backend.key, rankings, weightedKeys, marginOf),
          ])
      : [],
  );
  const close = (r: LeaderRelation | undefined) =>
    r === 'tied' || r === 'undecided' || r === 'mixed' || r === 'drifted' || r === 'unresolved';
  const tiedScores = leader
    ? [leader, ...scores.slice(1).filter((s) => close(relations.get(s.backend.key)))]
    : [];
  const verdict: RecommendationVerdict = !leader
    ? 'no-data'
    : scores.length === 1
      ? 'only-option'
      : tiedScores.some((s) => ['undecided', 'mixed'].includes(relations.get(s.backend.key) ?? ''))
        ? 'not-decided'
        : tiedScores.length > 1
          ? 'no-measurable-difference'
          : [...relations.values()].includes('unknown')
            ? 'significance-unknown'
            : 'winner';
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
  const evidence = new Evidence(rankings);
  const drifted = tiedScores.some((s) => relations.get(s.backend.key) === 'drifted');
  if (verdict === 'no-measurable-difference' && drifted)
    evidence.drift = evidence.largestDrift(
      tied.map((b) => b.key),
      weightedKeys,
    );
  // Not equivalent, not drifted: as fine as the sweep could see, which the answer says.
  const unresolved = tiedScores.some((s) => relations.get(s.backend.key) === 'unresolved');
  if (verdict === 'no-measurable-difference' && !evidence.drift && unresolved && choice)
    evidence.resolution = evidence.finestSeen(
      choice.key,
      tied.map((b) => b.key),
      weightedKeys,
      sizeOf,
    );
  return {
    role,
    verdict,
    choice,
    tied,
    reason:
      reasonFor(role, verdict, profile, choice, scores, tied, relations, evidence, margin) +
      (without.length && verdict !== 'no-data' ? ` ${capitalized(weighedWithoutWords(without) ?? '')}.` : ''),
    ...(without.length ? { weighedWithout: [...without] } : {}),
    margin,
    ...(evidence.drift ? { drift: evidence.drift } : {}),
    ...(evidence.resolution ? { resolution: evidence.resolution } : {}),
    samples: evidence.samples(scores.map((s) => s.backend.key)),
    slowerOn: choice
      ? slowerOn(
          choice.key,
          scores.map((s) => s.backend.key),
          rankings,
        )
      : [],
  };
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
  // The profile as a whole (its shares, what it weighs that nothing measured), then each role on
  // the workloads its own backends ran (role-scores.ts); the host baseline keeps its whole score.
  const { scores: allScores, unscored: allUnscored, weights, unmeasured } = scoreProfile(rankings, profile);
  const perRole = ROLES.map((role) => scoreRole(rankings, profile, role, Object.keys(weights)));
  const roleless = <T extends { backend: BackendRef }>(xs: readonly T[]) =>
    xs.filter((x) => roleOf(x.backend.mount) === null);
  const scores = [...perRole.flatMap((r) => r.scores), ...roleless(allScores)];
  const unscored = [...perRole.flatMap((r) => r.unscored), ...roleless(allUnscored)];
  const setups = rankedBackends(rankings).map((b) => backendSetup(b, rankings, options, picked.rows));
  const setupOf = (key: string) => setups.find((s) => s.backend.key === key);
  // One size per workload is kept (keepOneSizePerWorkload); published rows have none: Standard's.
  const sizeOf = new Map(picked.rows.map((r) => [r.workload.key, r.workload.size]));
  const input = {
    rankings,
    weightedKeys: Object.keys(weights),
    marginOf: (key: string) => equivalenceMargin(sizeOf.get(key) ?? 'default'),
    sizeOf: (key: string) => sizeOf.get(key),
    profile,
    setupOf,
    current: options.current ?? [],
  };
  // Backends compete only within the role they can serve: never a volume for the source tree.
  const roles = perRole.flatMap((r) =>
    r.scores.length
      ? [
          answerAmong(
            {
              ...input,
              scores: r.scores,
              weightedKeys: Object.keys(r.weights),
              weighedWithout: r.weighedWithout,
            },
            r.role,
          ),
        ]
      : [],
  );
  const main = roles[0] ?? answerAmong({ ...input, scores: [] }, 'source-tree');

  return {
    machine,
    profile,
    role: main.role,
    roles,
    verdict: main.verdict,
    choice: main.choice,
    tied: main.tied,
    reason: roles.length > 1 ? `For the ${ROLE_LABELS[main.role]}: ${main.reason}` : main.reason,
    scores,
    unscored,
    weights,
    rankings,
    setup: main.choice ? (setupOf(main.choice.key) ?? null) : null,
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
