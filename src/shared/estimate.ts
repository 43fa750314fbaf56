// A rough duration for a run, from what each workload says one execution of a size costs and the
// run counts alone. The costs are round figures near the published VirtioFS results on an M1
// (core/workloads/*: about 250 µs per small file read, 35 µs per 1 KiB dd block, 1 ns per byte
// written); a slow file share can take several times longer, so the UI always calls this an
// estimate. One model for Setup's presets and the sweep's dry run; the core's own count of
// executions (`planned`) replaces the guesswork once a run starts.
import type { MountKind, SizeName } from './ids';

/** What one workload at one size costs, in the workload's own estimate. */
export interface WorkloadCost {
  /** Timed results one execution gives (buffered-read has two: 128 B and 1 KiB reads). */
  cases: number;
  /** Seconds one execution takes, averaged over the cases. */
  perExecution: number;
  /** Seconds to lay the fixture once per backend. */
  fixture: number;
  /** Timed executions the workload fixes itself, whatever the run count (sync-latency's edits). */
  fixedRuns?: number;
}

export interface EstimatedWorkload {
  /** Mounts it cannot run on. */
  unsupported: Partial<Record<MountKind, string>>;
  cost: Record<SizeName, WorkloadCost>;
}

export interface EstimateCounts {
  size: SizeName;
  runs: number;
  warmup: number;
  adaptive?: boolean;
  race?: boolean;
  maxRuns?: number;
}

export interface Estimate {
  /** With the minimum runs. */
  seconds: number;
  /** With the most runs an adaptive or racing run may make; equal to `seconds` otherwise. */
  maxSeconds: number;
  /** Executions (warm-up and timed) the core will count, with the minimum runs. */
  executions: number;
}

/** Container start, clock calibration and clean-up of one backend. */
export const BACKEND_OVERHEAD_SECONDS = 5;

export function estimateRun(
  workloads: readonly EstimatedWorkload[],
  /** The mount of every planned backend (bind twice when two variants are tried). */
  backendMounts: readonly MountKind[],
  counts: EstimateCounts,
): Estimate {
  const maxRuns =
    counts.adaptive || counts.race ? (counts.maxRuns ?? Math.max(30, counts.runs * 5)) : counts.runs;
  let seconds = 0;
  let maxSeconds = 0;
  let executions = 0;
  for (const mount of backendMounts) {
    const chosen = workloads.filter((w) => !w.unsupported[mount]);
    if (chosen.length === 0) continue;
    seconds += BACKEND_OVERHEAD_SECONDS;
    maxSeconds += BACKEND_OVERHEAD_SECONDS;
    for (const workload of chosen) {
      const cost = workload.cost[counts.size];
      const low = cost.cases * (counts.warmup + (cost.fixedRuns ?? counts.runs));
      const high = cost.cases * (counts.warmup + (cost.fixedRuns ?? maxRuns));
      executions += low;
      seconds += cost.fixture + low * cost.perExecution;
      maxSeconds += cost.fixture + high * cost.perExecution;
    }
  }
  return { seconds, maxSeconds, executions };
}
