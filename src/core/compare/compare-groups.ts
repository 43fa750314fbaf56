// The side-by-side model behind every comparison table: rows grouped by workload (and fixture
// size), then by machine, each machine's backends ranked against its own fastest. Ratios and
// significance are always within one machine: an M1 is not a faster "backend" than an Intel Mac.
import { perOpSpread } from '../../shared/per-op';
import type { ComparisonRow } from '../../shared/comparison';
import type { SizeName } from '../../shared/ids';
import { compareTimes, type Verdict } from '../stats/significance';

export type EntryVerdict = 'fastest' | Verdict;

export interface ComparedEntry {
  row: ComparisonRow;
  /** Seconds per operation: the row's mean (and σ) over its operations per sample. */
  mean: number;
  stddev: number | null;
  /** mean / the machine's fastest mean; 1 for the fastest. */
  ratio: number;
  /** Welch's two-sided p-value against the fastest; null for the fastest itself or too few runs. */
  p: number | null;
  verdict: EntryVerdict;
}

export interface MachineGroup {
  key: string;
  label: string;
  /** Fastest first. */
  entries: ComparedEntry[];
}

export interface WorkloadGroup {
  workloadKey: string;
  /** The fixture size of the measured rows; null when only published figures are in the group. */
  size: SizeName | null;
  /** True when some row batches several operations per sample: times are then per operation. */
  perOperation: boolean;
  machines: MachineGroup[];
}

/** Published figures used the default sizes, so they sit in the same group as default-size runs. */
function groupKey(row: ComparisonRow): string {
  return `${row.workload.key}\u0000${row.workload.size ?? 'default'}`;
}

function rankMachine(key: string, label: string, rows: ComparisonRow[]): MachineGroup {
  const perOp = rows.map((row) => ({ row, ...perOpSpread(row) }));
  // A stable sort keeps the input order among equal means, so the output is deterministic.
  perOp.sort((a, b) => a.mean - b.mean);
  const fastest = perOp[0];
  const entries = perOp.map((e, i): ComparedEntry => {
    if (i === 0) return { ...e, ratio: 1, p: null, verdict: 'fastest' };
    const c = compareTimes(
      { mean: e.mean, stddev: e.stddev, runs: e.row.runs },
      { mean: fastest.mean, stddev: fastest.stddev, runs: fastest.row.runs },
    );
    return { ...e, ratio: c.ratio, p: c.p, verdict: c.verdict };
  });
  return { key, label, entries };
}

/** Two different machines that print alike get their key appended, so no one mistakes one for the other. */
function distinctLabels(rows: ComparisonRow[]): Map<string, string> {
  const byLabel = new Map<string, Set<string>>();
  for (const { machine } of rows) {
    const keys = byLabel.get(machine.label) ?? new Set<string>();
    keys.add(machine.key);
    byLabel.set(machine.label, keys);
  }
  const labels = new Map<string, string>();
  for (const { machine } of rows) {
    const clash = (byLabel.get(machine.label)?.size ?? 0) > 1;
    labels.set(machine.key, clash ? `${machine.label} [${machine.key}]` : machine.label);
  }
  return labels;
}

/** Groups in the order their workloads first appear; machines likewise within each group. */
export function compareRows(rows: readonly ComparisonRow[]): WorkloadGroup[] {
  const labels = distinctLabels([...rows]);
  const groups = new Map<string, { first: ComparisonRow; machines: Map<string, ComparisonRow[]> }>();
  for (const row of rows) {
    const key = groupKey(row);
    let group = groups.get(key);
    if (!group) {
      group = { first: row, machines: new Map() };
      groups.set(key, group);
    }
    const list = group.machines.get(row.machine.key) ?? [];
    list.push(row);
    group.machines.set(row.machine.key, list);
  }
  return [...groups.values()].map(({ first, machines }) => {
    const all = [...machines.values()].flat();
    return {
      workloadKey: first.workload.key,
      size: all.find((r) => r.workload.size)?.workload.size ?? null,
      perOperation: all.some((r) => r.opsPerSample > 1),
      machines: [...machines.entries()].map(([key, list]) =>
        rankMachine(key, labels.get(key) ?? list[0].machine.label, list),
      ),
    };
  });
}
