// The answer of a run in one sentence, for the strip on top of Results and the share card: which
// backend to use (for which role), how much longer the next one took (the profile's score ratio),
// and per workload that pair's interval as the core gave it. Nothing here is computed anew: the
// ratios are the recommendation's scores, the intervals the race's comparisons or, for a run that
// did not race, the ranking's interval against the fastest (core/stats).
import { formatRatioInterval, type RatioWithInterval } from '../../../shared/format-ratio';
import type { Recommendation, RoleAnswer, SlowerOn } from '../../../shared/recommendation';
import { ROLE_NAMES, type Role } from '../../../shared/roles';
import { roleOf } from '../../../shared/mounts';
import type { RunFile } from '../../../shared/result-schema';
import { futileRaces, undecidedRaceWorkloads } from '../../../shared/race-undecided';
import { futileWords } from '../../../shared/futile-words';
import { equivalenceMargin, marginPercent } from '../../../shared/equivalence-margin';
import { roleAnswerLine, tieWords, withinDriftWords } from '../../../shared/verdict-words';

/** `only`: the only backend measured for its role, neither a winner nor undecided. */
export type VerdictState = 'decided' | 'only' | 'undecided' | 'tie' | 'none';

export interface WorkloadInterval {
  workloadKey: string;
  /** "1.26 × (1.05 … 1.50)": the runner-up's time over the choice's. */
  text: string;
  decided: boolean;
  /** Why an interval that excludes 1 is still no measurable difference (withinDriftWords). */
  note?: string;
}

export interface Verdict {
  state: VerdictState;
  /** One sentence. */
  sentence: string;
  choice: string | null;
  runnerUp: string | null;
  intervals: WorkloadInterval[];
  /** The other roles' answers, one line each ("Container-only data: named volume"). */
  otherRoles: string[];
  /** Where the choice is measurably slower than a rival of its role (the core's), widest gap first. */
  slowerOn: SlowerOn[];
}

export function ratioText(x: number): string {
  return x >= 10 ? `${x.toFixed(1)} ×` : `${x.toFixed(2)} ×`;
}

const ROLE_WORDS: Record<Role, string> = {
  'source-tree': 'for the source tree',
  'container-data': 'for container-only data',
};

/**
 * Without a race: the ranking's interval of the runner-up against the fastest, on the workloads
 * where the choice is the fastest (then it is exactly runner-up / choice).
 */
function rankingIntervals(rec: Recommendation, choice: string, other: string): WorkloadInterval[] {
  const out: WorkloadInterval[] = [];
  for (const ranking of rec.rankings) {
    const fastest = ranking.entries.find((e) => e.ratio === 1);
    const entry = ranking.entries.find((e) => e.backend.key === other);
    if (fastest?.backend.key !== choice || !entry?.interval) continue;
    out.push({
      workloadKey: ranking.workloadKey,
      text: formatRatioInterval({ ratio: entry.ratio, ...entry.interval }),
      decided: entry.verdict === 'slower',
      ...(entry.withinDrift !== undefined ? { note: withinDriftWords(entry.withinDrift) } : {}),
    });
  }
  return out;
}

/** The race's interval of `other` against `choice` on one workload, oriented as other / choice.
 * A sweep keeps one race record per setting for the same workload, so every record is searched. */
export function raceInterval(
  run: RunFile,
  workloadKey: string,
  choice: string,
  other: string,
): (RatioWithInterval & { decided: boolean }) | null {
  for (const w of run.race?.workloads ?? []) {
    if (w.workloadKey !== workloadKey) continue;
    const found = orientedComparison(w.comparisons, choice, other);
    if (found) return found;
  }
  return null;
}

type RaceComparison = NonNullable<RunFile['race']>['workloads'][number]['comparisons'][number];

function orientedComparison(
  comparisons: readonly RaceComparison[],
  choice: string,
  other: string,
): (RatioWithInterval & { decided: boolean }) | null {
  const c = comparisons.find((x) => (x.a === other && x.b === choice) || (x.a === choice && x.b === other));
  if (!c) return null;
  return c.a === choice
    ? { ratio: 1 / c.ratio, low: 1 / c.high, high: 1 / c.low, decided: c.decided }
    : { ratio: c.ratio, low: c.low, high: c.high, decided: c.decided };
}

/** The race's interval for the pair on each workload, oriented as runner-up / choice. */
function pairIntervals(run: RunFile, choice: string, other: string): WorkloadInterval[] {
  const out: WorkloadInterval[] = [];
  for (const w of run.race?.workloads ?? []) {
    const r = orientedComparison(w.comparisons, choice, other);
    if (r) out.push({ workloadKey: w.workloadKey, text: formatRatioInterval(r), decided: r.decided });
  }
  return out;
}

/** Why the figures do not decide yet: a race stopped early, wide intervals, or too few runs. */
function undecidedWhy(
  run: RunFile,
  open: readonly string[],
  rec: Recommendation,
  who: 'them' | 'the backends',
): string {
  if (open.length > 0) return `the race on ${open.join(', ')} stopped before the figures told ${who} apart`;
  const futile = futileRaces(run, rec.role);
  if (futile.length > 0) return futileWords(futile, run.results[0]?.workload.size, who);
  return rec.verdict === 'not-decided'
    ? `the intervals still allow a difference of more than ${marginPercent(roleMargin(rec) ?? equivalenceMargin(undefined))}: more samples would decide it`
    : 'too few runs to test whether the difference is real';
}

/** The answer of the recommendation's own role; absent in older answers. */
function roleAnswer(rec: Recommendation): RoleAnswer | undefined {
  return rec.roles?.find((r) => r.role === rec.role);
}

/** The equivalence margin the answer's role was judged at; absent in older answers. */
function roleMargin(rec: Recommendation): number | undefined {
  return roleAnswer(rec)?.margin;
}

export function verdictOf(run: RunFile, rec: Recommendation | null): Verdict {
  const none = (sentence: string): Verdict => ({
    state: 'none',
    sentence,
    choice: null,
    runnerUp: null,
    intervals: [],
    otherRoles: [],
    slowerOn: [],
  });
  if (!rec || rec.verdict === 'no-data' || !rec.choice) {
    return none('No verdict: nothing the chosen profile weighs was measured.');
  }
  const choice = rec.choice;
  const slowerOn = rec.roles?.find((r) => r.role === rec.role)?.slowerOn ?? [];
  // Each role races apart: only its own open races hold its answer back.
  const otherRoles = (rec.roles ?? [])
    .filter((r) => r.role !== rec.role && r.choice)
    .map((r) => roleAnswerLine(r, undecidedRaceWorkloads(run, r.role).length > 0));
  const choiceScore = rec.scores.find((s) => s.backend.key === choice.key)?.score ?? 1;
  // The runner-up within the answer's role: a volume is no alternative for the source tree.
  const sameRole = (mount: Parameters<typeof roleOf>[0]) => !rec.role || roleOf(mount) === rec.role;
  const next = rec.scores.find(
    (s) =>
      s.backend.key !== choice.key &&
      sameRole(s.backend.mount) &&
      !rec.tied.some((t) => t.key === s.backend.key),
  );
  const role = rec.role ? ` ${ROLE_WORDS[rec.role]}` : '';
  const open = undecidedRaceWorkloads(run, rec.role);
  // Every other backend of the role is within the noise of the choice, but the intervals (or a race
  // stopped early) do not make it a tie yet: not decided, as History's winner column says.
  const tiedOther = rec.tied.find((t) => t.key !== choice.key);
  if (!next && tiedOther && (rec.verdict === 'not-decided' || open.length > 0)) {
    const raced = pairIntervals(run, choice.key, tiedOther.key);
    return {
      state: 'undecided',
      sentence: `Not decided yet between ${rec.tied.map((t) => t.label).join(', ')}: ${undecidedWhy(run, open, rec, 'them')}; ${choice.label}${role} is the simplest of them meanwhile.`,
      choice: choice.label,
      runnerUp: tiedOther.label,
      intervals: raced.length > 0 ? raced : rankingIntervals(rec, choice.key, tiedOther.key),
      otherRoles,
      slowerOn,
    };
  }
  if (!next) {
    const where = ROLE_NAMES[rec.role ?? 'source-tree'];
    return {
      otherRoles,
      slowerOn,
      state: rec.tied.length > 1 ? 'tie' : 'only',
      sentence:
        rec.tied.length > 1
          ? `${tieWords(roleAnswer(rec))}: use ${choice.label}${role}, the simplest of ${rec.tied.length}.`
          : `Only option measured for ${where}: ${choice.label}, nothing to compare it with.`,
      choice: choice.label,
      runnerUp: null,
      intervals: [],
    };
  }
  const ratio = ratioText(next.score / choiceScore);
  const raced = pairIntervals(run, choice.key, next.backend.key);
  const intervals = raced.length > 0 ? raced : rankingIntervals(rec, choice.key, next.backend.key);
  if (rec.verdict === 'winner' && open.length === 0) {
    return {
      state: 'decided',
      sentence: `Use ${choice.label}${role}: the next best, ${next.backend.label}, took ${ratio} as long (${rec.profile.label}).`,
      choice: choice.label,
      runnerUp: next.backend.label,
      intervals,
      otherRoles,
      slowerOn,
    };
  }
  if (rec.verdict === 'no-measurable-difference' && open.length === 0) {
    return {
      state: 'tie',
      sentence: `${tieWords(roleAnswer(rec))}: ${rec.tied.map((t) => t.label).join(', ')}; use ${choice.label}${role}, the simplest; ${next.backend.label} took ${ratio} as long.`,
      choice: choice.label,
      runnerUp: next.backend.label,
      intervals,
      otherRoles,
      slowerOn,
    };
  }
  return {
    state: 'undecided',
    sentence: `Not decided yet: ${choice.label} leads (${next.backend.label} took ${ratio} as long), but ${undecidedWhy(run, open, rec, 'the backends')}.`,
    choice: choice.label,
    runnerUp: next.backend.label,
    intervals,
    otherRoles,
    slowerOn,
  };
}
