// The control of a sweep: the host baseline (no container), which no setting of any product
// touches, measured in every setting's run beside that setting's backends and interleaved with
// them round by round. Between settings it moves only with the machine (load, heat, an indexer
// starting), so how far it moved bounds what a difference between the settings can mean
// (stats/pass-drift.ts): a drift that falls on one setting's both passes (a step, not a slope)
// escapes the bracket, but not the control measured beside it.
import { HOST_BACKEND } from '../../shared/backend-plan';
import { workloadKey } from '../../shared/comparison';
import { opsOf } from '../../shared/per-op';
import type { Backend, RunFile, WorkloadResult } from '../../shared/result-schema';

/** The setting's backends with the control beside them (once, whatever the plan holds). */
export function withControl(backends: readonly Backend[]): Backend[] {
  return backends.some((b) => b.id === HOST_BACKEND.id) ? [...backends] : [...backends, HOST_BACKEND];
}

const keyOf = (r: WorkloadResult) => workloadKey(r.workload.id, r.workload.case);

/**
 * Each of the run's results with the control's figure for the same workload beside it (seconds
 * per operation, so batches of different sizes compare); the control's own results are dropped
 * unless `keepControl` (the user asked for the host baseline: the first setting's is its row).
 */
export function attachControl(run: RunFile, keepControl: boolean): RunFile {
  const controls = new Map(
    run.results.filter((r) => r.backend.id === HOST_BACKEND.id).map((r) => [keyOf(r), r]),
  );
  const results = run.results.flatMap((r): WorkloadResult[] => {
    if (r.backend.id === HOST_BACKEND.id) return keepControl ? [r] : [];
    const control = controls.get(keyOf(r));
    if (!control) return [r];
    return [
      {
        ...r,
        control: {
          backendId: control.backend.id,
          mean: control.stats.mean / opsOf(control.opsPerSample),
          stddev: control.stats.stddev === null ? null : control.stats.stddev / opsOf(control.opsPerSample),
          runs: control.stats.runs,
          fsType: control.fsType,
        },
      },
    ];
  });
  return { ...run, results };
}
