// Comparison tables for a terminal and for Markdown: per workload, per machine, every backend with
// how its samples were taken, mean ± σ, its ratio to that machine's fastest, and whether the
// difference is real.
import type { ComparisonRow } from '../../shared/comparison';
import { compareRows, type ComparedEntry, type EntryVerdict, type WorkloadGroup } from './compare-groups';
import { formatMeanStddev, formatRatio } from '../../shared/format-time';
import { markdownCell, printable, printableLines } from '../../shared/printable';
import { SAMPLE_METHOD_WORDS, sampleMethodWords } from '../../shared/sample-method-words';
import { machineRatios, machineRatioWords, type MachineRatio } from './machine-ratios';

/** The machine-against-machine lines of one workload group, in words. */
function ratioLines(ratios: readonly MachineRatio[], workloadKey: string): string[] {
  return ratios.filter((r) => r.workloadKey === workloadKey).map((r) => machineRatioWords(r));
}

/** `*` only where Welch's test says so at 95 %; `≈` is the honest answer inside the noise. */
export const SIGNIFICANCE_MARKS: Record<EntryVerdict, string> = {
  fastest: '',
  faster: '',
  slower: '*',
  'no-measurable-difference': '≈',
  'not-enough-runs': '?',
};

export const LEGEND =
  'vs fastest: mean ÷ the fastest mean on the same machine. ' +
  '* significantly slower than the fastest (Welch’s t-test, 95 %); ' +
  '≈ no measurable difference; ? too few runs to tell.';

/**
 * A dd-write taken back to back reads 8–34 % slower than one taken spaced (issue 22), so the
 * samples column is read before two rows are; its words and their meaning are the dashboard's.
 * "see the source above" is the dashboard's tooltip; here the sources follow the tables.
 */
export const SAMPLES_LEGEND = `samples: ${Object.values(SAMPLE_METHOD_WORDS)
  .map((w) => `"${w.text}" — ${w.title.replace('see the source above', 'see its source below')}`)
  .join(' ')}`;

const HEADERS = ['backend', 'samples', 'mean ± σ', 'vs fastest', 'runs', 'fs type', 'source'];

/** Numbers each distinct note once, across the whole output. */
class Notes {
  private readonly numbers = new Map<string, number>();
  ref(note: string | null): string {
    if (!note) return '';
    let n = this.numbers.get(note);
    if (n === undefined) {
      n = this.numbers.size + 1;
      this.numbers.set(note, n);
    }
    return ` [${n}]`;
  }
  lines(): string[] {
    return [...this.numbers.entries()].map(([note, n]) => `[${n}] ${note}`);
  }
}

function heading(group: WorkloadGroup): string {
  const size = group.size === 'quick' ? ' (quick size)' : '';
  const per = group.perOperation ? 'time per operation' : 'time per run';
  return `${group.workloadKey}${size} · ${per}, lower is better`;
}

function sourceCell(row: ComparisonRow): string {
  if (row.source.kind === 'published') return `${row.source.sourceId} (published)`;
  const imported = row.source.importedFrom ? ` (imported from ${row.source.importedFrom})` : '';
  return `run ${row.source.runId}${imported}`;
}

function ratioCell(entry: ComparedEntry): string {
  if (entry.verdict === 'fastest') return 'fastest';
  const mark = SIGNIFICANCE_MARKS[entry.verdict];
  return mark ? `${formatRatio(entry.ratio)} ${mark}` : formatRatio(entry.ratio);
}

function cells(entry: ComparedEntry, notes: Notes): string[] {
  const { row } = entry;
  return [
    `${printable(row.backend.label)}${notes.ref(row.note)}`,
    sampleMethodWords(row).text,
    formatMeanStddev(entry.mean, entry.stddev),
    ratioCell(entry),
    String(row.runs),
    row.fsType ?? '-',
    sourceCell(row),
  ];
}

/** The published write-ups the rows came from, so every figure can be traced. */
function sourceLines(rows: readonly ComparisonRow[]): { id: string; title: string; url: string | null }[] {
  const seen = new Map<string, { id: string; title: string; url: string | null }>();
  for (const { source } of rows) {
    if (source.kind === 'published' && !seen.has(source.sourceId)) {
      seen.set(source.sourceId, { id: source.sourceId, title: source.title, url: source.url });
    }
  }
  return [...seen.values()];
}

const width = (s: string): number => [...s].length;

export function comparisonText(rows: readonly ComparisonRow[]): string {
  if (rows.length === 0) return 'Nothing to compare.\n';
  const notes = new Notes();
  const out: string[] = [];
  const ratios = machineRatios(rows);
  for (const group of compareRows(rows)) {
    const table = group.machines.map((m) => m.entries.map((e) => cells(e, notes)));
    const widths = HEADERS.map((h, col) => Math.max(width(h), ...table.flat().map((r) => width(r[col]))));
    const line = (r: string[]) =>
      `    ${r.map((c, col) => c + ' '.repeat(widths[col] - width(c))).join('  ')}`.trimEnd();
    out.push(heading(group), '');
    group.machines.forEach((machine, i) => {
      out.push(
        `  ${printable(machine.label)}`,
        line(HEADERS),
        `    ${widths.map((w) => '─'.repeat(w)).join('  ')}`,
      );
      out.push(...table[i].map(line), '');
    });
    const between = ratioLines(ratios, group.workloadKey);
    if (between.length) out.push('  machine against machine:', ...between.map((l) => `    ${l}`), '');
  }
  out.push(LEGEND, SAMPLES_LEGEND);
  const noteLines = notes.lines();
  if (noteLines.length) out.push('', 'notes:', ...noteLines.map((n) => `  ${n}`));
  const sources = sourceLines(rows);
  if (sources.length) {
    out.push('', 'published sources:');
    for (const s of sources) out.push(`  ${s.id}: ${s.title}${s.url ? ` <${s.url}>` : ''}`);
  }
  return printableLines(`${out.join('\n')}\n`);
}

/** Markdown cells cannot hold a pipe or a line break (nor, from other people's files, escapes). */
const md = markdownCell;

export function comparisonMarkdown(rows: readonly ComparisonRow[]): string {
  if (rows.length === 0) return '_Nothing to compare._\n';
  const notes = new Notes();
  const out: string[] = [];
  const ratios = machineRatios(rows);
  for (const group of compareRows(rows)) {
    out.push(`### ${md(heading(group))}`, '');
    out.push(`| machine | ${HEADERS.join(' | ')} |`);
    out.push('| --- | --- | --- | ---: | ---: | ---: | --- | --- |');
    for (const machine of group.machines) {
      machine.entries.forEach((entry, i) => {
        const machineCell = i === 0 ? md(machine.label) : '';
        out.push(`| ${machineCell} | ${cells(entry, notes).map(md).join(' | ')} |`);
      });
    }
    out.push('');
    const between = ratioLines(ratios, group.workloadKey);
    if (between.length) out.push(...between.map((l) => `- ${md(l)}`), '');
  }
  out.push(md(LEGEND), '', md(SAMPLES_LEGEND));
  const noteLines = notes.lines();
  if (noteLines.length) out.push('', ...noteLines.map((n) => `- ${md(n)}`));
  const sources = sourceLines(rows);
  if (sources.length) {
    out.push('', 'Published sources:', '');
    for (const s of sources) {
      const title = md(s.title);
      out.push(`- ${s.id}: ${s.url ? `[${title}](${s.url})` : title}`);
    }
  }
  return printableLines(`${out.join('\n')}\n`);
}
