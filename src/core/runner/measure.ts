// Measures one workload on one backend: lay the fixture, check it, read the fs type, warm up, then
// time the samples. A sample is the workload's own time as the environment's clock sees it, less
// the measured cost of reading that clock (the calibration), never less than zero.
import { MountbenchError } from '../../shared/errors';
import type { Backend, WorkloadResult } from '../../shared/result-schema';
import type { RunPhase } from '../../shared/run-events';
import { formatTime } from '../../shared/format-time';
import { firstRunDiffers, median, statsWarnings, summarize } from '../stats';
import { workloadCases, type Workload } from '../workloads/workload';
import { measureSyncLatency } from './measure-sync-latency';
import { ADAPTIVE_TARGET, relativeHalfWidth, shouldStop, stopPolicy } from './stop-rule';
import { HOST_MARKER_CLOCK } from './clock';
import type { BackendExecutor, ExecResult } from './executor';
import { parseSampleOutput } from './sample-output';
import { sampleScript, shellQuote } from './sample-script';
import type { SizeName } from '../../shared/ids';
import { checkWriteBack } from './write-back';

export interface MeasureHooks {
  signal: AbortSignal;
  phase(phase: RunPhase): void;
  sample(workloadCase: string | null, index: number, warmup: boolean, seconds: number): void;
}

export interface TimedExecution {
  seconds: number;
  user: number | null;
  system: number | null;
}

const CALIBRATION_RUNS = 7;

function failure(result: ExecResult, what: string): MountbenchError {
  const detail = result.stderr.trim().split('\n').slice(-5).join(' | ') || `exit code ${result.exitCode}`;
  return new MountbenchError('WORKLOAD_FAILED', `${what} failed: ${detail}`);
}

/** Runs one sample script and reads its raw interval (before calibration is subtracted). */
export async function timeOnce(
  executor: BackendExecutor,
  workdir: string,
  body: string,
  reset: string | undefined,
  signal: AbortSignal,
): Promise<TimedExecution> {
  const clock = executor.clock;
  const result = await executor.run(
    sampleScript({ workdir, body, reset, clockCommand: clock?.command ?? null }),
    signal,
  );
  const parsed = parseSampleOutput(result.stdout, clock);
  if (result.exitCode !== 0 || parsed.exitCode !== 0) throw failure(result, 'the workload');
  const seconds = clock
    ? parsed.seconds
    : result.markers.length === 2
      ? result.markers[1] - result.markers[0]
      : null;
  if (seconds === null || !Number.isFinite(seconds)) {
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `the sample's clock readings could not be parsed: ${result.stdout.slice(0, 300)}`,
    );
  }
  return { seconds, user: parsed.userSeconds, system: parsed.systemSeconds };
}

/** The cost of the two clock reads with nothing between them, measured in the same environment. */
export async function calibrate(
  executor: BackendExecutor,
  workdir: string,
  signal: AbortSignal,
): Promise<number> {
  const overheads: number[] = [];
  // The first read also warms the clock command's page cache: drop it.
  for (let i = 0; i <= CALIBRATION_RUNS; i++) {
    const { seconds } = await timeOnce(executor, workdir, ':', undefined, signal);
    if (i > 0) overheads.push(seconds);
  }
  return Math.max(0, median(overheads));
}

export interface MeasureCounts {
  runs: number;
  warmup: number;
  adaptive?: boolean;
  maxRuns?: number;
}

/** Executions a workload will make at least: the denominator of progress. */
export function plannedExecutions(workload: Workload, size: SizeName, counts: MeasureCounts): number {
  if (workload.timing === 'host-edit') return counts.warmup + Number(workload.sizes[size].edits);
  return workloadCases(workload, workload.sizes[size]).length * (counts.warmup + counts.runs);
}

export async function measureWorkload(
  executor: BackendExecutor,
  backend: Backend,
  workload: Workload,
  size: SizeName,
  counts: MeasureCounts,
  hooks: MeasureHooks,
): Promise<WorkloadResult[]> {
  if (workload.timing === 'host-edit')
    return measureSyncLatency(executor, backend, workload, size, counts.warmup, hooks);
  const { signal } = hooks;
  const params = workload.sizes[size];
  const workdir = executor.workdir(workload.id);

  hooks.phase('fixture');
  await executor.prepareWorkdir(workload.id, workload.fixture(params), signal);
  // On a sync mount the fixture is laid on the host: the tool's first sync of it is timed apart.
  const sync = executor.sync;
  const initialSeconds = sync ? await sync.flush(signal) : null;
  if (workload.verifyScript) {
    const check = await executor.run(`cd ${shellQuote(workdir)} && ${workload.verifyScript(params)}`, signal);
    if (check.exitCode !== 0) throw failure(check, `checking the ${workload.id} fixture`);
  }
  const fsType = await executor.fsTypeOf(workdir, signal);

  hooks.phase('calibrate');
  const overhead = await calibrate(executor, workdir, signal);
  const clock = executor.clock ?? HOST_MARKER_CLOCK;
  const policy = stopPolicy(counts);

  const results: WorkloadResult[] = [];
  const flushesWrites = sync !== undefined && workload.writes === true;
  for (const workloadCase of workloadCases(workload, params)) {
    const flushSeconds: number[] = [];
    const sample = async (index: number, warmup: boolean): Promise<TimedExecution> => {
      const raw = await timeOnce(executor, workdir, workloadCase.script, workloadCase.reset, signal);
      const seconds = Math.max(0, raw.seconds - overhead);
      // What the sample wrote goes back to the host before the next one: timed, never in the sample.
      if (flushesWrites) {
        const flushed = await sync.flush(signal);
        if (!warmup) flushSeconds.push(flushed);
      }
      hooks.sample(workloadCase.id, index, warmup, seconds);
      return { ...raw, seconds };
    };

    // The first execution after the fixture was laid meets cold caches: kept apart below.
    let first: number | null = null;
    if (counts.warmup > 0) hooks.phase('warmup');
    for (let i = 0; i < counts.warmup; i++) {
      const { seconds } = await sample(i, true);
      first ??= seconds;
    }

    hooks.phase('timed');
    const timed: TimedExecution[] = [];
    let decision = shouldStop([], policy);
    while (!decision.stop) {
      timed.push(await sample(timed.length, false));
      decision = shouldStop(
        timed.map((t) => t.seconds),
        policy,
      );
    }

    const samples = timed.map((t) => t.seconds);
    first ??= samples[0];
    const cpuKnown = timed.every((t) => t.user !== null && t.system !== null);
    const stats = summarize(
      samples,
      cpuKnown ? { user: timed.map((t) => t.user!), system: timed.map((t) => t.system!) } : undefined,
    );
    // Without warm-up the cold run is samples[0] itself: judge it against the others.
    const warm = counts.warmup > 0 ? samples : samples.slice(1);
    const firstRun = { seconds: first, differs: firstRunDiffers(first, warm) };
    const warnings = statsWarnings(stats, {
      clockResolutionSeconds: clock.resolutionSeconds,
      warmupRuns: counts.warmup,
    });
    if (firstRun.differs && counts.warmup === 0) {
      warnings.push(
        `The first (cold) run took ${formatTime(first)} against a median of ${formatTime(stats.median)} ` +
          'and is included in these figures: add warm-up runs for warm-cache figures.',
      );
    }
    if (decision.rule === 'max-runs') {
      warnings.push(
        `The 95 % confidence interval did not reach ±${ADAPTIVE_TARGET * 100} % of the mean within ${policy.maxRuns} runs ` +
          `(it is ±${((relativeHalfWidth(samples) ?? 0) * 100).toFixed(1)} %): the machine may be busy.`,
      );
    }
    results.push({
      backend,
      workload: { id: workload.id, size, params, ...(workloadCase.id ? { case: workloadCase.id } : {}) },
      ...(workloadCase.opsPerSample !== 1 ? { opsPerSample: workloadCase.opsPerSample } : {}),
      fsType,
      clock: { source: clock.name, resolutionSeconds: clock.resolutionSeconds, overheadSeconds: overhead },
      cache: counts.warmup > 0 ? 'warm' : 'cold',
      warmupRuns: counts.warmup,
      stats,
      derived: workloadCase.derive(stats),
      firstRun,
      stop: { rule: decision.rule, relativeHalfWidth: relativeHalfWidth(samples) },
      warnings,
      ...(sync && initialSeconds !== null
        ? {
            sync: {
              tool: sync.tool,
              initialSeconds,
              flushSeconds,
              ...(flushesWrites
                ? {
                    writeBack: await checkWriteBack(
                      executor,
                      workdir,
                      executor.hostPathOf(workload.id)!,
                      signal,
                    ),
                  }
                : {}),
            },
          }
        : {}),
    });
  }
  return results;
}
