// Side-by-side figures of several machines: measured runs, imported files and the published
// figures, as comparison rows from the core. Charts compare per-operation times (a row's mean over
// its operations per sample), so a batched measurement lines up with a published per-op figure.
import type { ComparisonRow } from '../../../shared/comparison';
import { dateWords } from './dates';
import type { BarFigure } from './grouped-bars';

export interface MachineGroup {
  key: string;
  label: string;
  chip: string;
  arch: string;
  /** Where its figures come from: "measured 29 Nov 2026" or a publication's title. */
  sources: string[];
  rows: ComparisonRow[];
}

export function perOp(row: ComparisonRow): { mean: number; stddev: number | null } {
  const ops = row.opsPerSample > 0 ? row.opsPerSample : 1;
  return { mean: row.mean / ops, stddev: row.stddev === null ? null : row.stddev / ops };
}

function sourceWords(row: ComparisonRow): string {
  return row.source.kind === 'published' ? row.source.title : `measured ${dateWords(row.source.createdAt)}`;
}

export function groupByMachine(rows: readonly ComparisonRow[]): MachineGroup[] {
  const groups = new Map<string, MachineGroup>();
  for (const row of rows) {
    const group = groups.get(row.machine.key) ?? { ...row.machine, sources: [], rows: [] };
    group.rows.push(row);
    const source = sourceWords(row);
    if (!group.sources.includes(source)) group.sources.push(source);
    groups.set(row.machine.key, group);
  }
  return [...groups.values()];
}

/** A short name for a chart's axis: the chip, with the label's year or model when chips repeat. */
export function shortMachineName(group: Pick<MachineGroup, 'chip' | 'label'>): string {
  const chip = group.chip && group.chip !== 'unknown' ? group.chip : group.label.split(',')[0];
  const year = /\b(20\d\d)\b/.exec(group.label)?.[1];
  return year && !chip.includes(year) ? `${chip} (${year})` : chip;
}

/** One chart per workload key: x = machine, one bar per backend. */
export function compareCharts(rows: readonly ComparisonRow[]): { workloadKey: string; bars: BarFigure[] }[] {
  const machines = new Map(groupByMachine(rows).map((g) => [g.key, shortMachineName(g)]));
  const charts = new Map<string, BarFigure[]>();
  for (const row of rows) {
    const { mean, stddev } = perOp(row);
    const bars = charts.get(row.workload.key) ?? [];
    bars.push({
      group: row.machine.key,
      groupLabel: machines.get(row.machine.key) ?? row.machine.label,
      series: row.backend.key,
      seriesLabel: row.backend.label,
      mean,
      stddev,
    });
    charts.set(row.workload.key, bars);
  }
  return [...charts].map(([workloadKey, bars]) => ({ workloadKey, bars }));
}

export interface PublishedMachine {
  key: string;
  label: string;
  chip: string;
  title: string;
  url: string | null;
  rows: number;
}

export function publishedMachines(published: readonly ComparisonRow[]): PublishedMachine[] {
  const machines = new Map<string, PublishedMachine>();
  for (const row of published) {
    if (row.source.kind !== 'published') continue;
    const known = machines.get(row.machine.key);
    if (known) known.rows += 1;
    else
      machines.set(row.machine.key, {
        key: row.machine.key,
        label: row.machine.label,
        chip: row.machine.chip,
        title: row.source.title,
        url: row.source.url,
        rows: 1,
      });
  }
  return [...machines.values()];
}

/** The published MacBook Pro M1 Pro (2021) and Intel (2017) measured by the same write-up. */
export const M1_VS_INTEL_KEYS = [
  'published:umitron-2021/m1pro-2021',
  'published:umitron-2021/intel-2017',
] as const;

export function m1VsIntelKeys(published: readonly ComparisonRow[]): string[] {
  const keys = new Set(published.map((r) => r.machine.key));
  if (M1_VS_INTEL_KEYS.every((k) => keys.has(k))) return [...M1_VS_INTEL_KEYS];
  // The figures file was edited: find an M1 Pro and an Intel Mac from the same publication.
  for (const m1 of published.filter((r) => r.machine.chip.includes('M1 Pro'))) {
    const intel = published.find(
      (r) =>
        r.source.kind === 'published' &&
        m1.source.kind === 'published' &&
        r.source.sourceId === m1.source.sourceId &&
        /intel/i.test(r.machine.chip),
    );
    if (intel) return [m1.machine.key, intel.machine.key];
  }
  return [];
}
