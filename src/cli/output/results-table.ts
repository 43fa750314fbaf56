// The table a run ends with, as aligned text for a terminal or as Markdown to paste.
import { formatMeanStddev, formatTime } from '../../shared/format-time';
import type { WorkloadResult } from '../../shared/result-schema';
import { workloadKey } from '../../shared/comparison';
import { secondPassWords } from '../../shared/second-pass-words';
import { servingWords } from '../../shared/serving-words';

/** `buffered-read:128`: a workload with several results names the case, or its rows read alike. */
export function workloadName(r: WorkloadResult): string {
  return workloadKey(r.workload.id, r.workload.case);
}

const HEADERS = ['backend', 'workload', 'mean ± σ', 'min … max', 'runs', 'fs type', 'warnings'];
/** Shown only when some backend's serving host processes (a FUSE daemon, a VM, a sync daemon) were read. */
const HOST_COST_HEADER = 'host cost of serving it';

const hasHostCost = (results: readonly WorkloadResult[]) => results.some((r) => servingWords(r) !== null);

function headers(results: readonly WorkloadResult[]): string[] {
  return hasHostCost(results) ? [...HEADERS.slice(0, 6), HOST_COST_HEADER, HEADERS[6]] : HEADERS;
}

export function resultRows(results: WorkloadResult[]): string[][] {
  const hostCost = hasHostCost(results);
  return results.map((r) => [
    r.backend.label,
    workloadName(r),
    formatMeanStddev(r.stats.mean, r.stats.stddev),
    `${formatTime(r.stats.min)} … ${formatTime(r.stats.max)}`,
    `${r.stats.runs}${secondPassWords(r)}`,
    r.fsType,
    ...(hostCost ? [servingWords(r) ?? '—'] : []),
    r.warnings.length ? String(r.warnings.length) : '',
  ]);
}

export function textTable(results: WorkloadResult[]): string {
  const names = headers(results);
  const rows = [names, ...resultRows(results)];
  const widths = names.map((_, col) => Math.max(...rows.map((row) => [...row[col]].length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => cell + ' '.repeat(widths[col] - [...cell].length))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function escapeMarkdown(cell: string): string {
  return cell.replace(/\|/g, '\\|');
}

export function markdownTable(results: WorkloadResult[]): string {
  const names = headers(results);
  const rows = resultRows(results);
  return [
    `| ${names.join(' | ')} |`,
    `|${names.map((_, i) => (i >= 2 && i <= 4 ? ' ---: ' : ' --- ')).join('|')}|`,
    ...rows.map((row) => `| ${row.map(escapeMarkdown).join(' | ')} |`),
  ].join('\n');
}

/** Warnings, numbered per row, printed under the table. */
export function warningLines(results: WorkloadResult[]): string[] {
  return results.flatMap((r) => r.warnings.map((w) => `${r.backend.label} / ${workloadName(r)}: ${w}`));
}
