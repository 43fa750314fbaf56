// A run as Markdown to paste into an issue or a wiki: what ran where, then one table with every
// result, its spread and range, how it compares with the fastest backend for that workload, and
// with the host baseline (the same words as the Results page).
import { perOp } from '../../shared/per-op';
import type { RunFile } from '../../shared/result-schema';
import { compareRows } from '../compare/compare-groups';
import { LEGEND, SIGNIFICANCE_MARKS } from '../compare/compare-table';
import { formatMeanStddev, formatRatio, formatTime } from '../../shared/format-time';
import { machineLabel } from '../machine/machine-key';
import { rowsFromRun } from '../compare/rows-from-run';
import { syncNoteLines } from '../../shared/sync-note';
import { DERIVED_NOTES_TITLE, derivedNoteLines } from '../../shared/derived-figures';
import { coldCacheNote, firstRunLines } from '../../shared/cold-warm-words';
import { dependencySplitWords } from '../../shared/dependency-split';
import { npmLayoutSentence } from '../../shared/npm-layouts';
import { markdownCell, printable, printableLines } from '../../shared/printable';
import { hostRatioWords } from '../../shared/host-ratio-words';
import { ROLE_NAMES } from '../../shared/roles';
import { roleWinnerLine } from '../../shared/verdict-words';
import { runWinner } from '../store/run-winner';
import { sampleMethodOf } from '../../shared/sample-method-of';
import { workloadKey } from '../../shared/comparison';

/** Other people's text: escapes shown, pipes cannot end a cell, line breaks cannot forge a row. */
const md = markdownCell;

function header(run: RunFile): string[] {
  const os = `${run.machine.os.name} ${run.machine.os.version}`.trim();
  const engine = run.engine
    ? `${run.engine.name} (${run.engine.provider}, Docker ${run.engine.serverVersion}, ${run.engine.os})`
    : 'none (host baseline only)';
  return [
    `## Mountbench run ${run.id}`,
    '',
    `- Machine: ${md(machineLabel(run.machine))} · ${md(os)}`,
    `- Engine: ${md(engine)}`,
    ...(run.image ? [`- Bench image: \`${printable(run.image).replace(/`/g, '')}\``] : []),
    `- Started ${run.createdAt}, finished ${run.finishedAt} (${run.status})`,
    '',
  ];
}

const HEADERS = [
  'workload',
  'backend',
  'mean ± σ',
  'median',
  'min … max',
  'runs',
  'vs fastest',
  'vs host',
  'fs type',
];

function vsHost(mean: number, mount: string, host: number | undefined): string {
  if (mount === 'host') return 'baseline';
  return host !== undefined && host > 0 ? hostRatioWords(mean / host) : '-';
}

/**
 * The answer per role, as History and the verdict strip word it: the table ranks every backend of a
 * workload together, but the source tree and container-only data are answered apart (a tmpfs that
 * is fastest in the table is never the source tree's answer).
 */
function verdictLines(run: RunFile): string[] {
  const roles = runWinner(run)?.roles ?? [];
  if (roles.length === 0) return [];
  return [
    '',
    `**Verdict per role** (Balanced profile; ${roles.map((r) => ROLE_NAMES[r.role]).join(' and ')} ranked apart)`,
    '',
    ...roles.map((r) => `- ${md(roleWinnerLine(r))}`),
  ];
}

/**
 * How each result's samples were taken (docs/methodology.md, "Sample method"), grouped so a run of
 * many results stays short: the table's figures are per execution, and a back-to-back figure is
 * not the same quantity as a spaced one.
 */
function sampleMethodLines(run: RunFile): string[] {
  const groups = new Map<string, string[]>();
  for (const r of run.results) {
    const executions = r.executionsPerSample ?? 1;
    const key = `${sampleMethodOf(r)}, ${executions} execution${executions === 1 ? '' : 's'} per sample`;
    groups.set(key, [
      ...(groups.get(key) ?? []),
      `${workloadKey(r.workload.id, r.workload.case)} on ${r.backend.label}`,
    ]);
  }
  if (groups.size === 0) return [];
  return [
    '',
    '**How samples were taken** (figures are per execution)',
    '',
    ...[...groups].map(([shape, results]) => `- ${md(`${shape}: ${results.join('; ')}`)}`),
  ];
}

export function runMarkdown(run: RunFile): string {
  const out = header(run);
  if (run.results.length === 0) {
    out.push('_No results._');
  } else {
    out.push(`| ${HEADERS.join(' | ')} |`, '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const group of compareRows(rowsFromRun(run))) {
      const per = group.perOperation ? ' (per op)' : '';
      const entries = group.machines.flatMap((m) => m.entries);
      const host = entries.find((e) => e.row.backend.mount === 'host')?.mean;
      for (const entry of entries) {
        const { row } = entry;
        const mark = SIGNIFICANCE_MARKS[entry.verdict];
        const ratio =
          entry.verdict === 'fastest' ? 'fastest' : `${formatRatio(entry.ratio)}${mark ? ` ${mark}` : ''}`;
        const cells = [
          `${group.workloadKey}${per}`,
          row.backend.label,
          formatMeanStddev(entry.mean, entry.stddev),
          formatTime(perOp(row.median ?? row.mean, row.opsPerSample)),
          `${formatTime(perOp(row.min, row.opsPerSample))} … ${formatTime(perOp(row.max, row.opsPerSample))}`,
          String(row.runs),
          ratio,
          vsHost(entry.mean, row.backend.mount, host),
          row.fsType ?? '-',
        ];
        out.push(`| ${cells.map(md).join(' | ')} |`);
      }
    }
    out.push('', md(LEGEND));
    out.push(...verdictLines(run));
    out.push(...sampleMethodLines(run));
  }
  const warnings = run.results.flatMap((r) =>
    r.warnings.map((w) => `${r.backend.label} / ${r.workload.id}: ${w}`),
  );
  if (warnings.length) out.push('', '**Warnings**', '', ...warnings.map((w) => `- ${md(w)}`));
  const derived = derivedNoteLines(run.results);
  if (derived.length) out.push('', `**${DERIVED_NOTES_TITLE}**`, '', ...derived.map((d) => `- ${md(d)}`));
  const cold = coldCacheNote(run.results);
  if (cold) out.push('', md(cold));
  const firsts = firstRunLines(run.results);
  if (firsts.length) out.push('', '**First (cold) runs**', '', ...firsts.map((f) => `- ${md(f)}`));
  const splits = (run.dependencySplit ?? []).map(dependencySplitWords);
  if (splits.length) out.push('', '**Dependency folder**', '', ...splits.map((s) => `- ${md(s)}`));
  if (run.npmLayouts) out.push('', `**Layout**: ${md(npmLayoutSentence(run.npmLayouts))}`);
  const syncs = syncNoteLines(run.results);
  if (syncs.length)
    out.push(
      '',
      '**Sync tool times** (timed apart, not in the figures above)',
      '',
      ...syncs.map((s) => `- ${md(s)}`),
    );
  if (run.errors.length) {
    out.push('', '**Errors**', '', ...run.errors.map((e) => `- ${md(`${e.code}: ${e.message}`)}`));
  }
  return printableLines(`${out.join('\n')}\n`);
}
