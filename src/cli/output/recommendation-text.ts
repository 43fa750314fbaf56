// The recommendation as a terminal reads it: the answer first, then the evidence (score table,
// per-workload rankings), then what it costs and what to do, then the caveats.
import { formatTime } from '../../shared/format-time';
import { formatRatioInterval } from '../../shared/format-ratio';
import { ROLE_LABELS, ROLE_TITLES } from '../../shared/roles';
import { roleOf } from '../../shared/mounts';
import { differenceFromWords, slowerOnSentence, withinDriftWords } from '../../shared/verdict-words';
import type {
  ActionStep,
  RankedBackend,
  Recommendation,
  ScoredBackend,
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
      const tie = differenceFromWords(
        others,
        rec.roles?.find((r) => r.role === rec.role),
      );
      return `${title}\n  Use: ${rec.choice?.label} (${tie ?? `equivalent to ${others}`})`;
    }
    case 'not-decided':
      return `${title}\n  Not decided yet: ${rec.tied.map((b) => b.label).join(', ')} (keep measuring to decide)`;
    default:
      return `${title}\n  Use: ${rec.choice?.label}${rec.verdict === 'significance-unknown' ? ' (significance unknown)' : ''}`;
  }
}

/**
 * One score table per role (and the host baseline's), each with the workloads and shares it was
 * scored on: a role is scored on the workloads its own backends ran (core/recommend/role-scores.ts).
 */
function scoreTable(rec: Recommendation): string[] {
  if (Object.keys(rec.weights).length === 0) return [];
  const groups = new Map<string, ScoredBackend[]>();
  for (const s of rec.scores) {
    const role = roleOf(s.backend.mount);
    const title = role ? ROLE_TITLES[role] : 'Host baseline';
    groups.set(title, [...(groups.get(title) ?? []), s]);
  }
  const tables = [...groups].flatMap(([title, scores]) => {
    const shares = scores[0].ratios.map((r) => [r.workloadKey, r.weight] as const);
    const header = ['place', 'backend', 'score', ...shares.map(([k, w]) => `${k} ${Math.round(w * 100)} %`)];
    const rows = scores.map((s) => [
      String(scores.findIndex((o) => o.score === s.score) + 1),
      s.backend.label,
      ratio(s.score),
      ...shares.map(([k]) => {
        const found = s.ratios.find((r) => r.workloadKey === k);
        return found ? ratio(found.ratio) : '—';
      }),
    ]);
    return [`  ${title}`, ...align([header, ...rows], '    ')];
  });
  const apart = rec.unscored.map((u) => `  apart: ${u.backend.label} (${u.reason})`);
  return [
    'Profile score (weighted geometric mean of time ratios against the fastest; 1.00× = fastest everywhere)',
    ...tables,
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
