// The block a run ends on, last in the output so the answer is what the terminal shows: per role
// and workload the fastest and each rival's ratio with its interval, in hyperfine's words ("'A' ran
// 1.23 times faster than 'B'"), then the answer per role and what applies it. Everything here is
// the core's recommendation put into words; no figure is computed.
import { formatP, stepLines } from './recommendation-text';
import { formatRatioInterval, ratioFigure } from '../../shared/format-ratio';
import type { RankedBackend, Recommendation, WorkloadRanking } from '../../shared/recommendation';
import { ROLE_LABELS, type Role } from '../../shared/roles';
import type { RoleRecommendation } from './role-recommendations';
import { differenceFromWords, slowerOnSentence, withinDriftWords } from '../../shared/verdict-words';
import { withinMarginWords } from '../../shared/equivalence-margin';

export interface SummaryOptions {
  /** False when the user gave no --profile: the answer says the Balanced one weighed it. */
  profileGiven: boolean;
  /** How to keep measuring what a race left undecided (race-text), printed with the answer. */
  continuation?: readonly string[];
}

/** "source tree", "container-only data": the role's label without its explanation. */
function shortRole(role: Role): string {
  return ROLE_LABELS[role].replace(/ \(.*\)$/, '');
}

const quoted = (e: RankedBackend) => `'${e.backend.label}'`;

/** How a rival compares with the fastest, after "'A' ran" (or, for a tie, on its own). */
function rivalWords(fastest: RankedBackend, rival: RankedBackend): { ran: boolean; text: string } {
  const interval = rival.interval ? { ratio: rival.ratio, ...rival.interval } : null;
  switch (rival.verdict) {
    case 'slower':
      return {
        ran: true,
        text:
          `${ratioFigure(rival.ratio)} times faster than ${quoted(rival)}` +
          (interval ? ` (95 % interval ${ratioFigure(interval.low)} … ${ratioFigure(interval.high)})` : ''),
      };
    case 'not-enough-runs':
      return {
        ran: true,
        text: `${ratioFigure(rival.ratio)} times faster than ${quoted(rival)} (single runs: significance unknown)`,
      };
    case 'no-measurable-difference':
    case 'fastest':
      return {
        ran: false,
        text:
          `no measurable difference between ${quoted(fastest)} and ${quoted(rival)}` +
          ` (${interval ? `${formatRatioInterval(interval)} as long, ` : ''}${formatP(rival.p ?? 1)}` +
          `${rival.withinDrift !== undefined ? `, ${withinDriftWords(rival.withinDrift)}` : ''})`,
      };
  }
}

/** One workload of one role: a line per rival, hyperfine's layout when there are several. */
function workloadLines(ranking: WorkloadRanking): string[] {
  const [fastest, ...rivals] = ranking.entries;
  if (!fastest) return [];
  const head = `    ${ranking.workloadKey}:`;
  if (rivals.length === 0) return [`${head} only ${quoted(fastest)} measured`];
  const words = rivals.map((r) => rivalWords(fastest, r));
  if (words.length === 1) return [`${head} ${words[0].ran ? `${quoted(fastest)} ran ` : ''}${words[0].text}`];
  return [`${head} ${quoted(fastest)} ran`, ...words.map((w) => `      ${w.text}`)];
}

function roleFigures({ role, rec }: RoleRecommendation): string[] {
  const backends = new Set(rec.rankings.flatMap((r) => r.entries.map((e) => e.backend.key)));
  const head = `  ${ROLE_LABELS[role]}`;
  // Alone in its role, a backend has nothing to be faster than: one line, not one per workload.
  if (backends.size <= 1) {
    const only = rec.rankings[0]?.entries[0];
    return [`${head}: only ${only ? quoted(only) : 'nothing'} measured, nothing to compare it with`];
  }
  return [head, ...rec.rankings.flatMap(workloadLines)];
}

function samplesWords(rec: Recommendation): string {
  const s = rec.roles?.[0]?.samples;
  if (!s) return '';
  return `; ${s.min === s.max ? s.min : `${s.min}–${s.max}`} samples each`;
}

function answerWords(rec: Recommendation): string {
  const choice = rec.choice ? `'${rec.choice.label}'` : '';
  const others = rec.tied
    .filter((b) => b.key !== rec.choice?.key)
    .map((b) => `'${b.label}'`)
    .join(', ');
  switch (rec.verdict) {
    case 'no-data':
      return `no answer: nothing the ${rec.profile.label} profile weighs was measured`;
    case 'only-option':
      return `only ${choice} was measured: nothing to compare it with`;
    case 'winner':
      return rec.scores.length > 1
        ? `use ${choice}: fastest, measurably${samplesWords(rec)}`
        : `only ${choice} was measured: nothing to compare it with`;
    case 'no-measurable-difference': {
      const tie =
        differenceFromWords(others, rec.roles?.[0]) ??
        `equivalent to ${others}${withinMarginWords(rec.roles?.[0]?.margin)}`;
      return `use ${choice}: ${tie}, and the simplest${samplesWords(rec)}`;
    }
    case 'not-decided':
      return `not decided yet between ${rec.tied.map((b) => `'${b.label}'`).join(', ')}${samplesWords(rec)}; ${choice} is the simplest meanwhile`;
    case 'significance-unknown':
      return `use ${choice}: the best figures, but single runs leave unknown whether it is measurably ahead`;
  }
}

/** The answer for one role and, when there is a choice, what applies it. */
function answerLines({ role, rec }: RoleRecommendation): string[] {
  const out = [`  ${shortRole(role)}: ${answerWords(rec)}`];
  // Where the choice loses, on the line after the answer, whatever the verdict.
  const slower = slowerOnSentence(rec.roles?.find((r) => r.role === role)?.slowerOn, (key) => key);
  if (slower) out.push(`    ${slower}`);
  // "Only X was measured" needs no how-to: nothing was chosen between options.
  if (!rec.setup || rec.verdict === 'only-option' || (rec.verdict === 'winner' && rec.scores.length <= 1))
    return out;
  const { action, tradeOffs } = rec.setup;
  out.push(`    ${action.summary}`, ...action.steps.flatMap(stepLines).map((l) => `  ${l}`));
  for (const t of tradeOffs.filter((t) => t.severity === 'warning')) out.push(`    ! ${t.text}`);
  return out;
}

export function runSummaryLines(roles: readonly RoleRecommendation[], options: SummaryOptions): string[] {
  if (roles.length === 0) return [];
  const profile = roles[0].rec.profile;
  const weighed = options.profileGiven
    ? `${profile.label} profile`
    : `${profile.label} profile: every workload counts alike; --profile weighs yours`;
  return [
    'Summary (per role and workload: the fastest, and how much faster than the others)',
    ...roles.flatMap(roleFigures),
    '',
    `Answer (${weighed})`,
    ...roles.flatMap(answerLines),
    ...(options.continuation ?? []),
  ];
}
