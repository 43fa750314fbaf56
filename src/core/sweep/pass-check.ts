// The sweep's reverse second pass (issue 12). Settings of a sweep run one after another, each
// behind a restart, so drift between them (a laptop heating up, an indexer starting) would fall on
// the later settings only. Measured again in reverse order (A B C, then C B A), a setting whose two
// passes disagree — their 95 % intervals of the mean do not overlap — is flagged: its figures moved
// with something other than the setting. The first pass's figures stay the result (its derived
// figures, its race, its warnings); the second pass's mean, interval and samples are recorded
// beside them, and a comparison pools the two passes (core/compare/rows-from-run.ts).
import type { WorkloadResult } from '../../shared/result-schema';
import { workloadKey } from '../../shared/comparison';
import { formatTime } from '../../shared/format-time';
import { opsOf } from '../../shared/per-op';
import { confidenceInterval95 } from '../stats';

function keyOf(r: WorkloadResult): string {
  return `${r.backend.id}\u0000${workloadKey(r.workload.id, r.workload.case)}`;
}

function intervalWords(i: { mean: number; lower: number; upper: number }): string {
  return `${formatTime(i.mean)} (${formatTime(Math.max(0, i.lower))} … ${formatTime(i.upper)})`;
}

/** The first pass's results, each with its check against the same backend and workload in the second. */
export function checkPasses(first: WorkloadResult[], second: WorkloadResult[]): WorkloadResult[] {
  const again = new Map(second.map((r) => [keyOf(r), r]));
  return first.map((r) => {
    const other = again.get(keyOf(r));
    // Each pass calibrates its own batch: the second's samples in the first's operations per sample.
    const scale = other ? opsOf(r.opsPerSample) / opsOf(other.opsPerSample) : 1;
    const secondSamples = other ? other.stats.samples.map((s) => s * scale) : [];
    const a = confidenceInterval95(r.stats.samples);
    const b = other ? confidenceInterval95(secondSamples) : null;
    // Fewer than two samples in a pass: no interval, so nothing to check.
    if (!a || !b || !other) return r;
    const agrees = a.lower <= b.upper && b.lower <= a.upper;
    const passCheck = {
      first: { mean: a.mean, low: a.lower, high: a.upper },
      second: {
        mean: b.mean,
        low: b.lower,
        high: b.upper,
        runs: other.stats.runs,
        samples: secondSamples,
      },
      agrees,
    };
    const warning =
      `The two passes disagree: ${intervalWords(a)} in the first pass, ${intervalWords(b)} when the ` +
      'settings ran again in reverse order. Something besides the setting changed between them (heat, ' +
      'background work): trust this figure less.';
    return { ...r, passCheck, ...(agrees ? {} : { warnings: [...r.warnings, warning] }) };
  });
}
