// Per workload, the backends of one machine from fastest to slowest. A backend only loses first
// place when the 95 % interval of its time over the fastest's lies above 1 (Welch's test on the log
// ratio, stats/significance.ts); otherwise the difference is noise and they share first place
// ("no measurable difference"). Between two settings of a bracketed sweep, a difference no larger
// than the drift between each setting's two passes is none either (stats/pass-drift.ts).
import type { ComparisonRow } from '../../shared/comparison';
import { MountbenchError } from '../../shared/errors';
import { perOpSpread } from '../../shared/per-op';
import type { RankedBackend, RankVerdict, WorkloadRanking } from '../../shared/recommendation';
import { type TimeSummary, type Verdict } from '../stats/significance';
import { compareBeyondDrift } from '../stats/pass-drift';
import { singleMachine } from './machine-groups';
import { ratioIntervalFromSummary } from '../stats/ratio-interval';

/** The figure a ranking compares: time per operation, so batched workloads with different batch sizes compare fairly. */
export function perOperation(row: ComparisonRow): TimeSummary {
  return { ...perOpSpread(row), runs: row.runs };
}

export function isBaseline(row: ComparisonRow): boolean {
  return row.backend.mount === 'host';
}

function againstFastest(verdict: Verdict): RankVerdict {
  // Sorted by mean, nothing is significantly faster than the fastest; equal means give p = 1.
  return verdict === 'faster' ? 'no-measurable-difference' : verdict;
}

/** The 95 % interval of a / b, from the summaries (published figures have no samples). */
export function intervalAgainst(a: TimeSummary, b: TimeSummary): { low: number; high: number } | null {
  if (a.stddev === null || b.stddev === null) return null;
  const r = ratioIntervalFromSummary(
    { mean: a.mean, variance: a.stddev ** 2, n: a.runs },
    { mean: b.mean, variance: b.stddev ** 2, n: b.runs },
  );
  return r ? { low: r.low, high: r.high } : null;
}

/** Ranks the rows of one workload key (one row per backend). */
export function rankWorkload(rows: readonly ComparisonRow[]): WorkloadRanking {
  if (rows.length === 0) throw new MountbenchError('BAD_INPUT', 'no results to rank for this workload');
  const workloadKey = rows[0].workload.key;
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.workload.key !== workloadKey) {
      throw new MountbenchError('BAD_INPUT', `cannot rank ${row.workload.key} together with ${workloadKey}`);
    }
    if (seen.has(row.backend.key)) {
      throw new MountbenchError(
        'BAD_INPUT',
        `${row.backend.label} has two figures for ${workloadKey}: keep one per backend before ranking`,
      );
    }
    seen.add(row.backend.key);
  }
  const host = rows.find(isBaseline) ?? null;
  const candidates = rows
    .filter((r) => !isBaseline(r))
    .map((row) => ({ row, time: perOperation(row) }))
    .sort((a, b) => a.time.mean - b.time.mean || a.row.backend.label.localeCompare(b.row.backend.label));
  // Each backend's figures, with what the drift rule reads (its passes' drift, its control).
  const bases = candidates.map(({ row, time }) => ({
    backend: row.backend,
    mean: time.mean,
    stddev: time.stddev,
    runs: time.runs,
    note: row.note,
    ...(row.passDrift !== undefined ? { passDrift: row.passDrift } : {}),
    ...(row.control !== undefined ? { control: row.control } : {}),
    ...(row.raceSpent !== undefined ? { raceSpent: row.raceSpent } : {}),
  }));
  const compared = bases.map((base, index): Omit<RankedBackend, 'place'> => {
    if (index === 0) return { ...base, ratio: 1, interval: null, p: null, verdict: 'fastest' };
    const c = compareBeyondDrift(base, bases[0]);
    return {
      ...base,
      ratio: c.ratio,
      // The interval the verdict was read from: it excludes 1 exactly when Welch's test says
      // "slower" (a difference within the passes' drift keeps its interval, and says so).
      interval: c.interval,
      p: c.p,
      verdict: againstFastest(c.verdict),
      ...(c.withinDrift ? { withinDrift: c.withinDrift.factor } : {}),
    };
  });
  // A noisy backend can be within the noise of the fastest while a tighter, faster one is not:
  // first place comes first, then the rest by mean, with places counted as in a race (1, 1, 3).
  const first = (e: Omit<RankedBackend, 'place'>) =>
    e.verdict === 'fastest' || e.verdict === 'no-measurable-difference';
  const entries: RankedBackend[] = [...compared.filter(first), ...compared.filter((e) => !first(e))].map(
    (e, index) => ({ ...e, place: first(e) ? 1 : index + 1 }),
  );
  return {
    workloadKey,
    entries,
    baseline: host ? { mean: perOperation(host).mean, label: host.backend.label } : null,
  };
}

/** One ranking per workload key, in the order the keys first appear. Rows must come from one machine. */
export function rankWorkloads(rows: readonly ComparisonRow[]): WorkloadRanking[] {
  singleMachine(rows);
  const byKey = new Map<string, ComparisonRow[]>();
  for (const row of rows) byKey.set(row.workload.key, [...(byKey.get(row.workload.key) ?? []), row]);
  return [...byKey.values()].map(rankWorkload);
}
