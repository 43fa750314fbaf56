// The recommendation as a terminal reads it: the answer first, then the evidence (score table,
// per-workload rankings), then what it costs and what to do, then the caveats.
import { formatTime } from '../../shared/format-time';
import { formatRatioInterval } from '../../shared/format-ratio';
import { ROLE_LABELS } from '../../shared/roles';
import {
  driftPhrase,
  resolutionPhrase,
  slowerOnSentence,
  withinDriftWords,
} from '../../shared/verdict-words';
import type {
  ActionStep,
  RankedBackend,
  Recommendation,
  TradeOff,
  WorkloadRanking,
} from '../../shared/recommendation';

function align(rows: string[][], indent = '  '): string[] {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => [...(row[col] ?? '')].length)));
  return rows.map((row) =>
    (indent + row.map((cell, col) => cell + ' '.repeat(widths[col] - [...cell].length)).join('  ')).trimEnd(),
  );
}

/** A p-value to three decimals; below 0.001 it is only said to be. */
export function formatP(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}

function ratio(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(2)}×` : '∞';
}

export function verdictText(entry: RankedBackend): string {
  switch (entry.verdict) {
    case 'fastest':
      return 'fastest';
    case 'no-measurable-difference':
      return entry.withinDrift !== undefined
        ? `no measurable difference (${formatP(entry.p ?? 1)}, ${withinDriftWords(entry.withinDrift)})`
        : `no measurable difference (${formatP(entry.p ?? 1)})`;
    case 'slower':
      return `slower (${formatP(entry.p ?? 0)})`;
    case 'not-enough-runs':
      return 'significance unknown (single run or no σ)';
  }
}

function headline(rec: Recommendation): string {
  const where = `${rec.machine.label}${rec.machine.chip && !rec.machine.label.includes(rec.machine.chip) ? ` (${rec.machine.chip})` : ''}`;
  const title = `Recommendation for the ${rec.profile.label} profile on ${where}`;
  switch (rec.verdict) {
    case 'no-data':
      return `${title}\n  No recommendation.`;
    case 'no-measurable-difference': {
      const others = rec.tied
        .filter((b) => b.key !== rec.choice?.key)
        .map((b) => b.label)
        .join(', ');
      const answer = rec.roles?.find((r) => r.role === rec.role);
      if (answer?.drift)
        return `${title}\n  Use: ${rec.choice?.label} (no measurable difference from ${others} beyond ${driftPhrase(answer.drift)})`;
      if (answer?.resolution)
        return `${title}\n  Use: ${rec.choice?.label} (no measurable difference from ${others} ${resolutionPhrase(answer.resolution.factor)})`;
      return `${title}\n  Use: ${rec.choice?.label} (equivalent to ${others})`;
    }
    case 'not-decided':
      return `${title}\n  Not decided yet: ${rec.tied.map((b) => b.label).join(', ')} (keep measuring to decide)`;
    default:
      return `${title}\n  Use: ${rec.choice?.label}${rec.verdict === 'significance-unknown' ? ' (significance unknown)' : ''}`;
  }
}

function scoreTable(rec: Recommendation): string[] {
  const keys = Object.keys(rec.weights);
  if (keys.length === 0) return [];
  const header = [
    'place',
    'backend',
    'score',
    ...keys.map((k) => `${k} ${Math.round(rec.weights[k] * 100)} %`),
  ];
  const rows = rec.scores.map((s) => [
    String(s.place),
    s.backend.label,
    ratio(s.score),
    ...keys.map((k) => ratio(s.ratios.find((r) => r.workloadKey === k)?.ratio ?? NaN)),
  ]);
  const apart = rec.unscored.map((u) => `  apart: ${u.backend.label} (${u.reason})`);
  return [
    'Profile score (weighted geometric mean of time ratios against the fastest; 1.00× = fastest everywhere)',
    ...align([header, ...rows]),
    ...apart,
  ];
}

function rankingLines(r: WorkloadRanking): string[] {
  const header = [
    'place',
    'backend',
    'time',
    'runs',
    'as long as the fastest (95 % interval)',
    'against the fastest',
  ];
  const rows = r.entries.map((e) => [
    String(e.place),
    e.backend.label,
    e.stddev === null ? formatTime(e.mean) : `${formatTime(e.mean)} ± ${formatTime(e.stddev)}`,
    String(e.runs),
    e.interval ? formatRatioInterval({ ratio: e.ratio, ...e.interval }) : ratio(e.ratio),
    verdictText(e),
  ]);
  const baseline = r.baseline
    ? [`    host baseline (${r.baseline.label}): ${formatTime(r.baseline.mean)}`]
    : [];
  return [`  ${r.workloadKey}`, ...align([header, ...rows], '    '), ...baseline];
}

const MARK: Record<TradeOff['severity'], string> = { warning: '!', caution: '~', info: '·' };

export function stepLines(step: ActionStep): string[] {
  switch (step.kind) {
    case 'setting':
      return [`  set ${step.key} = ${JSON.stringify(step.value)} in ${step.where}`];
    case 'command':
      return [`  $ ${step.command}`, `      (${step.why})`];
    case 'file':
      return [
        `  ${step.name} (${step.why}):`,
        ...step.text
          .trimEnd()
          .split('\n')
          .map((line) => `      ${line}`),
      ];
    case 'note':
      return [`  ${step.text}`];
  }
}

function roleLines(rec: Recommendation): string[] {
  if (!rec.roles || rec.roles.length < 2) return [];
  return [
    'By role',
    ...rec.roles.map((a) => {
      const what =
        a.verdict === 'not-decided'
          ? `not decided yet between ${a.tied.map((b) => b.label).join(', ')} (measure longer to decide)`
          : (a.choice?.label ?? 'nothing measured');
      const n = a.samples
        ? `; ${a.samples.min === a.samples.max ? a.samples.min : `${a.samples.min}–${a.samples.max}`} samples each`
        : '';
      return `  ${ROLE_LABELS[a.role]}: ${what}${n}`;
    }),
  ];
}

export function formatRecommendation(rec: Recommendation): string {
  const out: string[] = [headline(rec), `  ${rec.reason}`];
  const slower = slowerOnSentence(rec.roles?.find((r) => r.role === rec.role)?.slowerOn, (key) => key);
  if (slower) out.push(`  ${slower}`);
  const roles = roleLines(rec);
  if (roles.length) out.push('', ...roles);
  const scores = scoreTable(rec);
  if (scores.length) out.push('', ...scores);
  if (rec.rankings.length) out.push('', 'Per workload', ...rec.rankings.flatMap(rankingLines));
  if (rec.setup) {
    if (rec.setup.tradeOffs.length) {
      out.push('', `Trade-offs of ${rec.setup.backend.label}`);
      out.push(...rec.setup.tradeOffs.map((t) => `  ${MARK[t.severity]} ${t.text}`));
    }
    out.push('', 'What to do', `  ${rec.setup.action.summary}`, ...rec.setup.action.steps.flatMap(stepLines));
  }
  if (rec.caveats.length) out.push('', 'Caveats', ...rec.caveats.map((c) => `  - ${c}`));
  return out.join('\n');
}
