// Turns the samples one backend took of one workload case into the result stored in the file:
// statistics, the cold first run, warnings (each once), and the schedule that produced them.
import { servingResult } from '../host-processes/serving-cost';
import type { SizeName } from '../../shared/ids';
import type { WorkloadResult } from '../../shared/result-schema';
import { formatTime } from '../../shared/format-time';
import { firstRunDiffers, statsWarnings, summarize } from '../stats';
import { loadChangeWarning } from '../stats/load-drift';
import { powerWarnings } from '../machine/power-warnings';
import type { Workload, WorkloadCase } from '../workloads/workload';
import { raceExitReason, type LaneExit } from './rounds';
import { ADAPTIVE_TARGET, relativeHalfWidth } from './stop-rule';
import type { Lane, LaneSamples } from './workload-lane';
import { checkWriteBack } from './write-back';
import { HOST_OWN_TOOLS } from './host-tools';
import { coldCacheNote } from './cold-cache';

export interface LaneResultInput {
  lane: Lane;
  workload: Workload;
  size: SizeName;
  workloadCase: WorkloadCase;
  samples: LaneSamples;
  exit: LaneExit;
  warmup: number;
  order: 'interleaved' | 'sequential';
  racing: boolean;
  maxRuns: number;
  /** Backend id of each lane, to name whom a backend was decided slower than. */
  laneIds: readonly string[];
  flushesWrites: boolean;
}

function schedule(input: LaneResultInput, samples: readonly number[]): Partial<WorkloadResult> {
  const { exit, racing } = input;
  if (racing) {
    return {
      race: {
        round: exit.round,
        reason: raceExitReason(exit.reason),
        ...(exit.slowerThan !== undefined ? { slowerThan: input.laneIds[exit.slowerThan] } : {}),
      },
    };
  }
  const rule = exit.reason === 'converged' || exit.reason === 'max-runs' ? exit.reason : 'fixed';
  return { stop: { rule, relativeHalfWidth: relativeHalfWidth(samples) } };
}

function warningsFor(input: LaneResultInput, result: Pick<WorkloadResult, 'stats'>, first: number): string[] {
  const { lane, warmup, exit } = input;
  const { stats } = result;
  const warnings = statsWarnings(stats, {
    clockResolutionSeconds: lane.clock.resolutionSeconds,
    warmupRuns: warmup,
  });
  const warm = warmup > 0 ? stats.samples : stats.samples.slice(1);
  if (warmup === 0 && firstRunDiffers(first, warm)) {
    warnings.push(
      `The first (cold) run took ${formatTime(first)} against a median of ${formatTime(stats.median)} ` +
        'and is included in these figures: add warm-up runs for warm-cache figures.',
    );
  }
  if (exit.reason === 'max-runs') {
    warnings.push(
      `The 95 % confidence interval did not reach ±${ADAPTIVE_TARGET * 100} % of the mean within ${input.maxRuns} runs ` +
        `(it is ±${((relativeHalfWidth(stats.samples) ?? 0) * 100).toFixed(1)} %): the machine may be busy.`,
    );
  }
  const coldNote = lane.hooks.coldCache
    ? coldCacheNote(lane.hooks.coldCache.scope, lane.backend.mount)
    : null;
  if (coldNote) warnings.push(coldNote);
  const loadChange = loadChangeWarning(input.samples.loads);
  if (loadChange) warnings.push(loadChange);
  warnings.push(...powerWarnings(input.samples.power));
  if (lane.executor.tools === HOST_OWN_TOOLS.label) {
    warnings.push(
      "The host ran its own sh and tools, not the bench image's BusyBox: per-file costs differ between " +
        'programs (GNU cat maps a buffer per file), so a ratio to this baseline compares programs as well as disks.',
    );
  }
  // One warning says one thing once, however many paths found it.
  return [...new Set(warnings)];
}

/** What the share's host processes spent, where every timed sample could read them. */
function servingOf(lane: Lane, taken: LaneSamples): Pick<WorkloadResult, 'serving'> {
  return servingResult(lane.executor.serving ?? [], taken.serving, taken.timed.length);
}

export async function laneResult(input: LaneResultInput): Promise<WorkloadResult> {
  const { lane, workload, size, workloadCase, samples: taken, warmup, flushesWrites } = input;
  const { signal } = lane.hooks;
  const params = workload.sizes[size];
  const samples = taken.timed.map((t) => t.seconds);
  const cpuKnown = taken.timed.every((t) => t.user !== null && t.system !== null);
  const stats = summarize(
    samples,
    cpuKnown
      ? { user: taken.timed.map((t) => t.user!), system: taken.timed.map((t) => t.system!) }
      : undefined,
  );
  const first = taken.first ?? samples[0];
  const warm = warmup > 0 ? samples : samples.slice(1);
  const sync = lane.executor.sync;
  return {
    backend: lane.backend,
    workload: { id: workload.id, size, params, ...(workloadCase.id ? { case: workloadCase.id } : {}) },
    ...(workloadCase.opsPerSample !== 1 ? { opsPerSample: workloadCase.opsPerSample } : {}),
    ...(taken.executions > 1 ? { executionsPerSample: taken.executions } : {}),
    sampleMethod: lane.sampleMethod,
    fsType: lane.fsType,
    clock: {
      source: lane.clock.name,
      resolutionSeconds: lane.clock.resolutionSeconds,
      overheadSeconds: lane.overhead,
    },
    cache: warmup > 0 ? 'warm' : 'cold',
    ...(lane.hooks.coldCache ? { coldCache: lane.hooks.coldCache.scope } : {}),
    warmupRuns: warmup,
    stats,
    derived: workloadCase.derive(stats),
    firstRun: { seconds: first, differs: firstRunDiffers(first, warm) },
    ...schedule(input, samples),
    order: input.order,
    ...(lane.executor.tools ? { hostTools: lane.executor.tools } : {}),
    ...(lane.executor.image ? { image: lane.executor.image } : {}),
    warnings: warningsFor(input, { stats }, first),
    ...(taken.loads.length || taken.power.length
      ? { conditions: { load: taken.loads, ...(taken.power.length ? { power: taken.power } : {}) } }
      : {}),
    ...servingOf(lane, taken),
    ...(sync && lane.initialSeconds !== null
      ? {
          sync: {
            tool: sync.tool,
            ...(sync.oneWay ? { oneWay: true as const } : {}),
            initialSeconds: lane.initialSeconds,
            flushSeconds: taken.flushSeconds,
            ...(flushesWrites
              ? {
                  writeBack: await checkWriteBack(
                    lane.executor,
                    lane.workdir,
                    lane.executor.hostPathOf(workload.id)!,
                    signal,
                  ),
                }
              : {}),
          },
        }
      : {}),
  };
}
