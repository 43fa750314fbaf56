// The figures of one run's results as the results view shows them: per workload, each backend's
// time with its spread, its per-operation time where a sample is many operations, and how it
// compares with the host baseline (the same workload with no container).
import { workloadKey } from '../../../shared/comparison';
import { opsOf, perOp } from '../../../shared/per-op';
import type { WorkloadResult } from '../../../shared/result-schema';
export { hostRatioWords } from '../../../shared/host-ratio-words';
import type { BarFigure } from './grouped-bars';
import { workloadCaseWords } from './size-words';

export function resultKey(result: WorkloadResult): string {
  return workloadKey(result.workload.id, result.workload.case);
}

/** Seconds per operation; null for whole-task workloads (one operation per sample). */
export function perOpSeconds(result: WorkloadResult): number | null {
  return opsOf(result.opsPerSample) > 1 ? perOp(result.stats.mean, result.opsPerSample) : null;
}

/** The host baseline was shown to measure something else (older files: any check that did not agree). */
function selfCheckFailed(r: WorkloadResult): boolean {
  const check = r.baselineCheck;
  if (!check) return false;
  return check.outcome ? check.outcome === 'differs' : !check.agrees;
}

/** backend time ÷ host time per workload key; absent where the host did not run that workload. */
export function hostRatios(results: readonly WorkloadResult[]): Map<WorkloadResult, number> {
  const host = new Map<string, number>();
  // A host baseline that failed its self-check measures something else: no ratio to it is shown.
  // One too wide to check is shown, with its warning beside it.
  for (const r of results)
    if (r.backend.mount === 'host' && !selfCheckFailed(r)) host.set(resultKey(r), r.stats.mean);
  const ratios = new Map<WorkloadResult, number>();
  for (const r of results) {
    const base = host.get(resultKey(r));
    if (base !== undefined && base > 0 && r.backend.mount !== 'host') ratios.set(r, r.stats.mean / base);
  }
  return ratios;
}

/** Results by workload key, in the run's workload order, fastest first within each. */
export function resultsByWorkload(results: readonly WorkloadResult[]): [string, WorkloadResult[]][] {
  const groups = new Map<string, WorkloadResult[]>();
  for (const r of results) groups.set(resultKey(r), [...(groups.get(resultKey(r)) ?? []), r]);
  return [...groups].map(([key, list]) => [key, [...list].sort((a, b) => a.stats.mean - b.stats.mean)]);
}

export function resultBars(
  results: readonly WorkloadResult[],
  titles: ReadonlyMap<string, string>,
  hiddenBackends: ReadonlySet<string> = new Set(),
): BarFigure[] {
  return results
    .filter((r) => !hiddenBackends.has(r.backend.id))
    .map((r) => ({
      group: resultKey(r),
      groupLabel: workloadCaseWords(r.workload.id, r.workload.case, titles),
      series: r.backend.id,
      seriesLabel: r.backend.label,
      mean: r.stats.mean,
      stddev: r.stats.stddev,
    }));
}
