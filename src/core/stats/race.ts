// Racing to a decided ranking (see docs/methodology.md, "Racing"). After every round each pair of
// backends still in a workload is compared with a Welch test on the log of their means. The error
// rate is kept in two steps, both conservative whatever the tests' dependence:
//   - across looks: every look is tested at alpha / maxLooks (Bonferroni over the most looks the
//     cap allows), so the chance of any false call over the whole race is at most alpha;
//   - within a look: Holm over all pairs of the backends still racing, each pair's interval drawn
//     at the level Holm tested it at, so a pair is decided exactly when its interval excludes 1.
// A backend leaves once it is decided slower than another one still racing; the workload ends when
// one backend is left (the leader, decided against every other), when every remaining pair is
// shown equivalent (a tie, below), when at the spread seen so far not even the cap could call any
// remaining pair either (futile: "cannot tell these apart at this size"), or at the cap.
// A tie is two one-sided tests per pair (TOST: "slower by more than the margin" and "faster by more
// than it" both rejected at the per-look level), read off the pair's 1 - 2·alpha interval lying
// within the margin. "Every pair equivalent" holds only if each pair's test holds, so its error is
// at most one pair's (an intersection-union test): no Holm step is owed across pairs for it, and
// over the looks it stays at alpha as the differences do. The two-sided Holm interval it was read
// off before is as strict as a tie at half the level per side and a further Holm step: Standard's
// A/A twins reached it in 15 of 20 trials (docs/benchmarks.md).
import { equivalenceMargin, withinMargin } from '../../shared/equivalence-margin';
import {
  LONE_MIN_SAMPLES,
  RACE_DEFAULT_MAX_SAMPLES,
  RACE_MIN_SAMPLES_FLOOR,
  raceSampleBounds,
} from '../../shared/race-samples';
import { holmLevels } from './holm';
import { mean, sampleVariance } from './descriptive';
import { excludesOne, ratioInterval, ratioIntervalFromSummary, type RatioInterval } from './ratio-interval';

export interface RacePolicy {
  /** Samples every backend has before the first look. */
  minSamples: number;
  /** The cap: samples after which a backend stops whatever the tests say. */
  maxSamples: number;
  /** Family-wise error rate over the whole race. */
  alpha: number;
  /** Ratios within 1 ± margin are equivalent (0.05: 5 %; shared/equivalence-margin.ts). */
  tieMargin: number;
  /** Samples every racing backend has before the race may be called futile (futileRace). */
  futilityFrom: number;
}

/**
 * Samples every racing backend has before the race may be called futile. A spread read from three
 * samples is itself too loose to forecast the cap from (one quiet sample halves it); from six it
 * is within about a factor of two.
 */
export const FUTILITY_FROM_SAMPLES = 6;

// Three samples is the floor racePolicy allows (from two, a Welch interval at the per-look level
// spans orders of magnitude and decides nothing). A lower minimum costs no error rate: each look is
// tested at alpha / (maxSamples - minSamples + 1), so more looks make each one stricter, and at three
// samples only a clear difference (native against FUSE: 5-17 ×) is decided; a close one races on. Measured (bench/racing.ts, docs/benchmarks.md, "Racing from 3"): the same answer as 10
// fixed runs in a median 40 % of their time, against 59 % from 5.
export const DEFAULT_RACE_POLICY: RacePolicy = {
  minSamples: RACE_MIN_SAMPLES_FLOOR,
  maxSamples: RACE_DEFAULT_MAX_SAMPLES,
  alpha: 0.05,
  tieMargin: 0.05,
  futilityFrom: FUTILITY_FROM_SAMPLES,
};

export function racePolicy(request: { runs: number; maxRuns?: number; size?: string }): RacePolicy {
  // The bounds live in shared/ so the dashboard's words and the estimates say this same rule.
  const { min, max } = raceSampleBounds(request);
  return {
    ...DEFAULT_RACE_POLICY,
    minSamples: min,
    maxSamples: max,
    tieMargin: equivalenceMargin(request.size),
  };
}

/**
 * A backend alone in its role has no race of its own, yet it is the one the answer for its role
 * rests on (often the source tree's bind mount, the setting people care most about). Deciding it at
 * the minimum (3 samples, 362 ± 533 ms once) left it the least measured of all, so it keeps
 * sampling while any race of the other role is open, and to at least this many samples (never past
 * the cap).
 */
export { LONE_MIN_SAMPLES };

/** The samples a lone backend takes at least: LONE_MIN_SAMPLES, within the policy's minimum and cap. */
export function loneSamples(policy: RacePolicy): number {
  return Math.min(policy.maxSamples, Math.max(policy.minSamples, LONE_MIN_SAMPLES));
}

/** Whether a backend alone in its role may stop: it has loneSamples and no other race is open. */
export function loneRaceOver(samples: number, otherRacesOpen: boolean, policy: RacePolicy): boolean {
  if (samples >= policy.maxSamples) return true;
  return samples >= loneSamples(policy) && !otherRacesOpen;
}

/** The level each look is tested at: alpha spread evenly over every look the cap allows. */
export function perLookAlpha(policy: RacePolicy): number {
  return policy.alpha / (policy.maxSamples - policy.minSamples + 1);
}

/**
 * The confidence a tie is read at: 1 - 2 · the per-look level, the interval of two one-sided tests
 * at that level (its alpha argument for ratioInterval, which is two-sided).
 */
export function tieAlpha(policy: RacePolicy): number {
  return 2 * perLookAlpha(policy);
}

export interface PairComparison {
  a: number;
  b: number;
  /** mean(a) / mean(b) with its interval at the level Holm tested the pair at (holmLevels). */
  interval: RatioInterval;
  /** Holm rejected "equal": a and b differ at the race's error rate; ⇔ the interval excludes 1. */
  decided: boolean;
}

export type RaceOutcome = 'decided' | 'tied' | 'futile' | 'cap';

export interface RaceLook {
  /** Lanes decided slower than some other lane still racing: they leave now. */
  leaving: { lane: number; slowerThan: number }[];
  /** Set when the workload is over. */
  outcome: RaceOutcome | null;
  comparisons: PairComparison[];
  /**
   * Futile only: the ratio the cap could tell from 1 at the spread seen (1.12: differences under
   * about 12 % are below what this size can see), the widest over the pairs left.
   */
  resolvable?: number;
}

/**
 * Where a pair's interval would stand at the cap if its means and spread stayed as they are, drawn
 * at the per-look level (the most lenient level any look tests at, so "cannot reach" is never said
 * too early): can the cap decide it (the interval around the ratio seen excludes 1), or could it
 * show it equivalent (the cap's interval is narrow enough to fit in the margin, were the ratio 1:
 * a ratio seen near 1 still moves, so where it stands now is not held against a tie)? Null when
 * the spread is unknown.
 */
export function pairAtCap(
  a: readonly number[],
  b: readonly number[],
  policy: RacePolicy,
): { canDecide: boolean; canTie: boolean; resolvable: number } | null {
  const va = sampleVariance(a);
  const vb = sampleVariance(b);
  if (va === null || vb === null) return null;
  const n = policy.maxSamples;
  const atCap = (alpha: number) =>
    ratioIntervalFromSummary({ mean: mean(a), variance: va, n }, { mean: mean(b), variance: vb, n }, alpha);
  const projected = atCap(perLookAlpha(policy));
  const projectedTie = atCap(tieAlpha(policy));
  if (!projected || !projectedTie) return null;
  const resolvable = Math.sqrt(projected.high / projected.low);
  return {
    canDecide: excludesOne(projected),
    canTie: Math.sqrt(projectedTie.high / projectedTie.low) <= 1 + policy.tieMargin,
    resolvable,
  };
}

/**
 * Whether no pair left could reach a verdict by the cap: each would end the race at its cap with
 * neither a difference nor an equivalence shown. Then the ratio the cap could resolve, else null.
 * Only once every lane has `policy.futilityFrom` samples and is short of the cap.
 */
export function futileRace(
  samples: readonly (readonly number[])[],
  staying: readonly number[],
  policy: RacePolicy,
): number | null {
  if (staying.length < 2) return null;
  const counts = staying.map((lane) => samples[lane].length);
  if (Math.min(...counts) < Math.max(policy.futilityFrom, policy.minSamples)) return null;
  if (Math.min(...counts) >= policy.maxSamples) return null;
  let resolvable = 1;
  for (const [i, a] of staying.entries())
    for (const b of staying.slice(i + 1)) {
      const atCap = pairAtCap(samples[a], samples[b], policy);
      if (!atCap || atCap.canDecide || atCap.canTie) return null;
      resolvable = Math.max(resolvable, atCap.resolvable);
    }
  return resolvable;
}

/**
 * Every pair of the lanes staying, each with its tie interval (tieAlpha), when all of them lie
 * within the margin: the lanes are equivalent. Null otherwise.
 */
function tieComparisons(
  samples: readonly (readonly number[])[],
  staying: readonly number[],
  policy: RacePolicy,
): PairComparison[] | null {
  const out: PairComparison[] = [];
  for (const [i, a] of staying.entries())
    for (const b of staying.slice(i + 1)) {
      const interval = ratioInterval(samples[a], samples[b], tieAlpha(policy));
      if (!interval || !withinMargin(interval, policy.tieMargin)) return null;
      out.push({ a, b, interval, decided: false });
    }
  return out;
}

/** `samples[lane]` for the lanes still racing (`active`). */
export function raceLook(
  samples: readonly (readonly number[])[],
  active: readonly number[],
  policy: RacePolicy,
): RaceLook {
  // Even a backend alone in its race gets the minimum samples: its figures are shown too.
  if (active.some((lane) => samples[lane].length < policy.minSamples))
    return { leaving: [], outcome: null, comparisons: [] };
  if (active.length <= 1) return { leaving: [], outcome: 'decided', comparisons: [] };
  const alpha = perLookAlpha(policy);
  const pairs: { a: number; b: number; interval: RatioInterval | null }[] = [];
  for (const [i, a] of active.entries())
    for (const b of active.slice(i + 1))
      pairs.push({ a, b, interval: ratioInterval(samples[a], samples[b], alpha) });
  // Each pair's interval is drawn at the level Holm tested it at (holmLevels), and "decided" is
  // read off that interval: the interval printed is the one that decided, and it excludes 1
  // exactly when the pair is decided.
  const levels = holmLevels(
    pairs.map((p) => p.interval?.p ?? 1),
    alpha,
  );
  const comparisons: PairComparison[] = pairs.flatMap((p, index) => {
    const interval = ratioInterval(samples[p.a], samples[p.b], levels[index]);
    return interval ? [{ a: p.a, b: p.b, interval, decided: excludesOne(interval) }] : [];
  });
  const leaving = new Map<number, number>();
  for (const c of comparisons) {
    if (!c.decided) continue;
    const [slow, fast] = c.interval.ratio > 1 ? [c.a, c.b] : [c.b, c.a];
    if (!leaving.has(slow)) leaving.set(slow, fast);
  }
  const staying = active.filter((lane) => !leaving.has(lane));
  const exits = [...leaving].map(([lane, slowerThan]) => ({ lane, slowerThan }));
  if (staying.length <= 1) return { leaving: exits, outcome: 'decided', comparisons };
  const tie = tieComparisons(samples, staying, policy);
  if (tie) {
    // The intervals shown for a tie are the ones it was read off; no pair of them is decided.
    const tied = new Map(tie.map((c) => [`${c.a}:${c.b}`, c]));
    return {
      leaving: exits,
      outcome: 'tied',
      comparisons: comparisons.map((c) => tied.get(`${c.a}:${c.b}`) ?? c),
    };
  }
  const resolvable = futileRace(samples, staying, policy);
  if (resolvable !== null) return { leaving: exits, outcome: 'futile', comparisons, resolvable };
  if (staying.every((lane) => samples[lane].length >= policy.maxSamples))
    return { leaving: exits, outcome: 'cap', comparisons };
  return { leaving: exits, outcome: null, comparisons };
}
