// A rough duration for a run, from what each workload says one execution of a size costs and the
// run counts alone. The costs are round figures near the published VirtioFS results on an M1
// (core/workloads/*: about 250 µs per small file read, 35 µs per 1 KiB dd block, 1 ns per byte
// written); a slow file share can take several times longer, so the UI always calls this an
// estimate. One model for Setup's presets and the sweep's dry run; the core's own count of
// executions (`planned`) replaces the guesswork once a run starts.
//
// A race's counts are the runner's own rule (shared/race-samples.ts): every backend takes at least
// the minimum and at most the cap, and a backend alone in its role on a workload (the only
// source-tree option, say) at least LONE_MIN_SAMPLES, with the host baseline riding along until
// the last race is over. A sweep is one run per setting, so who is alone is decided per setting
// (estimateSweep): a later setting's bind mount usually races nobody.
import type { MountKind, SizeName } from './ids';
import { raceSampleBounds } from './race-samples';
import { roleOf } from './mounts';

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

/** The least and most timed samples each backend of one workload takes, by its index in `mounts`. */
function samplesPerBackend(
  mounts: readonly MountKind[],
  counts: EstimateCounts,
): { least: number[]; most: number[] } {
  if (!counts.race) {
    const most = counts.adaptive ? (counts.maxRuns ?? Math.max(30, counts.runs * 5)) : counts.runs;
    return { least: mounts.map(() => counts.runs), most: mounts.map(() => most) };
  }
  const bounds = raceSampleBounds(counts);
  const perRole = new Map<string, number>();
  for (const mount of mounts) {
    const role = roleOf(mount);
    if (role) perRole.set(role, (perRole.get(role) ?? 0) + 1);
  }
  const anyLone = [...perRole.values()].some((n) => n === 1);
  const least = mounts.map((mount) => {
    const role = roleOf(mount);
    // The baseline leaves once every race is over: after the lone backend's, when there is one.
    if (!role) return anyLone ? bounds.lone : bounds.min;
    return perRole.get(role) === 1 ? bounds.lone : bounds.min;
  });
  return { least, most: mounts.map(() => bounds.max) };
}

export function estimateRun(
  workloads: readonly EstimatedWorkload[],
  /** The mount of every planned backend (bind twice when two variants are tried). */
  backendMounts: readonly MountKind[],
  counts: EstimateCounts,
): Estimate {
  let seconds = 0;
  let maxSeconds = 0;
  let executions = 0;
  const started = new Set<number>();
  for (const workload of workloads) {
    // The backends this workload runs on; a race is among them alone.
    const on = backendMounts
      .map((mount, index) => ({ mount, index }))
      .filter((b) => !workload.unsupported[b.mount]);
    if (on.length === 0) continue;
    const cost = workload.cost[counts.size];
    const samples = samplesPerBackend(
      on.map((b) => b.mount),
      counts,
    );
    on.forEach((b, i) => {
      started.add(b.index);
      const low = cost.cases * (counts.warmup + (cost.fixedRuns ?? samples.least[i]));
      const high = cost.cases * (counts.warmup + (cost.fixedRuns ?? samples.most[i]));
      executions += low;
      seconds += cost.fixture + low * cost.perExecution;
      maxSeconds += cost.fixture + high * cost.perExecution;
    });
  }
  // Each backend that runs anything starts its container once.
  seconds += started.size * BACKEND_OVERHEAD_SECONDS;
  maxSeconds += started.size * BACKEND_OVERHEAD_SECONDS;
  return { seconds, maxSeconds, executions };
}

/**
 * A sweep: one run per setting, each its own race (a setting's backends race each other, not the
 * other settings'), summed. `runs` holds the mounts each setting's run measures.
 */
export function estimateSweep(
  workloads: readonly EstimatedWorkload[],
  runs: readonly (readonly MountKind[])[],
  counts: EstimateCounts,
): Estimate {
  const total: Estimate = { seconds: 0, maxSeconds: 0, executions: 0 };
  for (const mounts of runs) {
    const one = estimateRun(workloads, mounts, counts);
    total.seconds += one.seconds;
    total.maxSeconds += one.maxSeconds;
    total.executions += one.executions;
  }
  return total;
}
