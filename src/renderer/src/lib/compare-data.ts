// Side-by-side figures of several machines: measured runs, imported files and the published
// figures, as comparison rows from the core. Charts compare per-operation times (a row's mean over
// its operations per sample), so a batched measurement lines up with a published per-op figure.
import type { ComparisonRow } from '../../../shared/comparison';
import { perOpSpread } from '../../../shared/per-op';
import { dateTimeWords, dateWords } from './dates';
import type { BarFigure } from './grouped-bars';
import { machinesWithSeveralRuns } from '../../../shared/machines-with-several-runs';

export interface MachineGroup {
  key: string;
  label: string;
  chip: string;
  arch: string;
  /** Where its figures come from: "measured 29 Nov 2026" or a publication's title. */
  sources: string[];
  rows: ComparisonRow[];
  /** Set when this machine has several runs in the comparison: the group is this one run. */
  runCreatedAt?: string;
}

function sourceWords(row: ComparisonRow): string {
  if (row.source.kind === 'published') return row.source.title;
  const how = row.source.importedFrom ? `imported from ${row.source.importedFrom},` : 'measured';
  return `${how} ${dateWords(row.source.createdAt)}`;
}

function groupOf(row: ComparisonRow, split: Set<string>): Omit<MachineGroup, 'sources' | 'rows'> {
  if (row.source.kind === 'measured' && split.has(row.machine.key)) {
    return {
      ...row.machine,
      key: `${row.machine.key}@${row.source.runId}`,
      runCreatedAt: row.source.createdAt,
    };
  }
  return { ...row.machine };
}

export function groupByMachine(rows: readonly ComparisonRow[]): MachineGroup[] {
  const split = machinesWithSeveralRuns(rows);
  const groups = new Map<string, MachineGroup>();
  for (const row of rows) {
    const shape = groupOf(row, split);
    const group = groups.get(shape.key) ?? { ...shape, sources: [], rows: [] };
    group.rows.push(row);
    const source = sourceWords(row);
    if (!group.sources.includes(source)) group.sources.push(source);
    groups.set(shape.key, group);
  }
  return [...groups.values()];
}

/** The group's full name: the machine, and which run when the machine is shown once per run. */
export function machineGroupLabel(group: Pick<MachineGroup, 'label' | 'runCreatedAt'>): string {
  return group.runCreatedAt ? `${group.label} · run of ${dateTimeWords(group.runCreatedAt)}` : group.label;
}

/**
 * A short name for a chart's axis: the chip, with the label's year or model when chips repeat, and
 * the run's date and time when the machine is shown once per run.
 */
export function shortMachineName(group: Pick<MachineGroup, 'chip' | 'label' | 'runCreatedAt'>): string {
  const chip = group.chip && group.chip !== 'unknown' ? group.chip : group.label.split(',')[0];
  const year = /\b(20\d\d)\b/.exec(group.label)?.[1];
  const name = year && !chip.includes(year) ? `${chip} (${year})` : chip;
  return group.runCreatedAt ? `${name} · ${dateTimeWords(group.runCreatedAt)}` : name;
}

/** One chart per workload key: x = machine (or machine and run), one bar per backend. */
export function compareCharts(rows: readonly ComparisonRow[]): { workloadKey: string; bars: BarFigure[] }[] {
  const split = machinesWithSeveralRuns(rows);
  const names = new Map(groupByMachine(rows).map((g) => [g.key, shortMachineName(g)]));
  const charts = new Map<string, BarFigure[]>();
  const mixed = mixedSizeKeys(rows);
  for (const row of rows) {
    const { mean, stddev } = perOpSpread(row);
    const group = groupOf(row, split).key;
    const bars = charts.get(row.workload.key) ?? [];
    const name = names.get(group) ?? row.machine.label;
    bars.push({
      group,
      // Where a chart mixes sizes, every machine's axis label says its size.
      groupLabel: mixed.has(row.workload.key) ? `${name} · ${rowSize(row)} size` : name,
      series: row.backend.key,
      seriesLabel: row.backend.label,
      mean,
      stddev,
    });
    charts.set(row.workload.key, bars);
  }
  return [...charts].map(([workloadKey, bars]) => ({ workloadKey, bars }));
}

/** A row's fixture size: published figures were all taken at the default size. */
export function rowSize(row: ComparisonRow): string {
  return row.source.kind === 'published' ? 'default' : (row.workload.size ?? 'default');
}

/** Workload keys whose rows in this comparison were taken at more than one size. */
export function mixedSizeKeys(rows: readonly ComparisonRow[]): Set<string> {
  const sizes = new Map<string, Set<string>>();
  for (const r of rows) sizes.set(r.workload.key, (sizes.get(r.workload.key) ?? new Set()).add(rowSize(r)));
  return new Set([...sizes].filter(([, s]) => s.size > 1).map(([key]) => key));
}

/**
 * Workloads where a quick-size measurement sits beside published figures, which were all taken at
 * the default (published) size: their times are not comparable, and the view must say so.
 */
export function quickBesidePublished(rows: readonly ComparisonRow[]): ComparisonRow['workload'][] {
  const published = new Set(rows.filter((r) => r.source.kind === 'published').map((r) => r.workload.key));
  const found = new Map<string, ComparisonRow['workload']>();
  for (const r of rows) {
    if (r.source.kind === 'measured' && r.workload.size === 'quick' && published.has(r.workload.key))
      found.set(r.workload.key, r.workload);
  }
  return [...found.values()];
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

/**
 * What the bars' times are: "time per run" for whole-task workloads, "time per operation" where a
 * sample is many operations (the figures are then divided per op), both when a chart holds both.
 */
export function timePerWords(rows: readonly Pick<ComparisonRow, 'opsPerSample'>[]): string {
  const perOp = rows.some((r) => r.opsPerSample > 1);
  const perRun = rows.some((r) => r.opsPerSample <= 1);
  if (perOp && perRun) return 'time per run (per operation where a run is many)';
  return perOp ? 'time per operation' : 'time per run';
}
