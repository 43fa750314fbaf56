// Machine against machine: for each backend and workload measured on two machines, how many times
// the reference machine's time the other takes, with its interval ("Apple M1 Pro: VirtioFS bind,
// small-file-read in 0.14 × (0.13 … 0.15) the Intel time"). The interval is the one the core uses
// between backends (stats/ratio-interval.ts): from the samples where both sides have them, from
// mean, σ and runs where only those were published; with no spread on a side, the ratio is of the
// means and has no interval, and the words say so.
import type { ComparisonRow, MachineRatio } from '../../shared/comparison';
export { machineRatioWords } from '../../shared/machine-ratio-words';
export type { MachineRatio } from '../../shared/comparison';
import { perOp, perOpSpread } from '../../shared/per-op';
import { ratioInterval, ratioIntervalFromSummary } from '../stats/ratio-interval';
import { compareRows } from './compare-groups';

function perOpSamples(row: ComparisonRow): number[] | null {
  return row.samples && row.samples.length >= 2 ? row.samples.map((s) => perOp(s, row.opsPerSample)) : null;
}

function ratioOf(
  a: ComparisonRow,
  b: ComparisonRow,
): Omit<MachineRatio, 'workloadKey' | 'backendKey' | 'backendLabel' | 'machine' | 'reference'> {
  const sa = perOpSpread(a);
  const sb = perOpSpread(b);
  const ratio = sa.mean / sb.mean;
  const samplesA = perOpSamples(a);
  const samplesB = perOpSamples(b);
  if (samplesA && samplesB) {
    const r = ratioInterval(samplesA, samplesB);
    if (r) return { ratio: r.ratio, interval: { low: r.low, high: r.high }, basis: 'samples' };
  }
  if (sa.stddev !== null && sb.stddev !== null && a.runs >= 2 && b.runs >= 2) {
    const r = ratioIntervalFromSummary(
      { mean: sa.mean, variance: sa.stddev ** 2, n: a.runs },
      { mean: sb.mean, variance: sb.stddev ** 2, n: b.runs },
    );
    if (r) return { ratio: r.ratio, interval: { low: r.low, high: r.high }, basis: 'mean-sd-runs' };
  }
  return { ratio, interval: null, basis: 'means-only' };
}

function shortName(row: ComparisonRow): string {
  const { chip, label } = row.machine;
  return chip && chip !== 'unknown' ? chip : (label.split(',')[0] ?? label);
}

/**
 * Short names that tell two groups apart. Two runs of one machine (before and after a change)
 * share a chip: each is then named by the last part of its group's label ("run of … UTC"), or by
 * the whole label when even that is shared.
 */
function apart(a: { short: string; label: string }, b: { short: string; label: string }): [string, string] {
  if (a.short !== b.short) return [a.short, b.short];
  const [ta, tb] = [a.label, b.label].map((l) => l.split(' · ').at(-1) ?? l);
  return ta !== tb ? [`${a.short} (${ta})`, `${b.short} (${tb})`] : [a.label, b.label];
}

/** Every backend and workload found on the reference machine and another, in the groups' order. */
export function machineRatios(rows: readonly ComparisonRow[]): MachineRatio[] {
  const out: MachineRatio[] = [];
  for (const group of compareRows(rows)) {
    if (group.machines.length < 2) continue;
    const [reference, ...others] = group.machines;
    for (const other of others) {
      for (const entry of other.entries) {
        const base = reference.entries.find((e) => e.row.backend.key === entry.row.backend.key);
        if (!base || !(base.mean > 0) || !(entry.mean > 0)) continue;
        const [short, referenceShort] = apart(
          { short: shortName(entry.row), label: other.label },
          { short: shortName(base.row), label: reference.label },
        );
        out.push({
          workloadKey: group.workloadKey,
          backendKey: entry.row.backend.key,
          backendLabel: entry.row.backend.label,
          machine: { key: other.key, label: other.label, short },
          reference: { key: reference.key, label: reference.label, short: referenceShort },
          ...ratioOf(entry.row, base.row),
        });
      }
    }
  }
  return out;
}
