// Measures one workload on one backend: lay the fixture, check it, read the fs type, warm up, then
// time the samples. A sample is the workload's own time as the environment's clock sees it, less
// the measured cost of reading that clock (the calibration), never less than zero.
import { MountbenchError } from '../../../shared/errors';
import type { Backend, WorkloadResult } from '../../../shared/result-schema';
import type { RunPhase } from '../../../shared/run-events';
import { median, statsWarnings, summarize } from '../stats';
import type { Workload } from '../workloads/workload';
import { HOST_MARKER_CLOCK } from './clock';
import type { BackendExecutor, ExecResult } from './executor';
import { parseSampleOutput } from './sample-output';
import { sampleScript } from './sample-script';
import type { SizeName } from '../../../shared/ids';

export interface MeasureHooks {
  signal: AbortSignal;
  phase(phase: RunPhase): void;
  sample(index: number, warmup: boolean, seconds: number): void;
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

export async function measureWorkload(
  executor: BackendExecutor,
  backend: Backend,
  workload: Workload,
  size: SizeName,
  counts: { runs: number; warmup: number },
  hooks: MeasureHooks,
): Promise<WorkloadResult> {
  const { signal } = hooks;
  const params = workload.sizes[size];
  const workdir = executor.workdir(workload.id);

  hooks.phase('fixture');
  await executor.prepareWorkdir(workload.id, workload.fixture(params), signal);
  if (workload.verifyScript) {
    const check = await executor.run(`cd '${workdir}' && ${workload.verifyScript(params)}`, signal);
    if (check.exitCode !== 0) throw failure(check, `checking the ${workload.id} fixture`);
  }
  const fsType = await executor.fsTypeOf(workdir, signal);

  hooks.phase('calibrate');
  const overhead = await calibrate(executor, workdir, signal);

  const body = workload.script(params);
  const reset = workload.resetScript?.(params);
  const sample = async (index: number, warmup: boolean): Promise<TimedExecution> => {
    const raw = await timeOnce(executor, workdir, body, reset, signal);
    const seconds = Math.max(0, raw.seconds - overhead);
    hooks.sample(index, warmup, seconds);
    return { ...raw, seconds };
  };

  if (counts.warmup > 0) hooks.phase('warmup');
  for (let i = 0; i < counts.warmup; i++) await sample(i, true);

  hooks.phase('timed');
  const timed: TimedExecution[] = [];
  for (let i = 0; i < counts.runs; i++) timed.push(await sample(i, false));

  const samples = timed.map((t) => t.seconds);
  const cpuKnown = timed.every((t) => t.user !== null && t.system !== null);
  const stats = summarize(
    samples,
    cpuKnown ? { user: timed.map((t) => t.user!), system: timed.map((t) => t.system!) } : undefined,
  );
  const clock = executor.clock ?? HOST_MARKER_CLOCK;
  return {
    backend,
    workload: { id: workload.id, size, params },
    fsType,
    clock: { source: clock.name, resolutionSeconds: clock.resolutionSeconds, overheadSeconds: overhead },
    cache: counts.warmup > 0 ? 'warm' : 'cold',
    warmupRuns: counts.warmup,
    stats,
    derived: workload.derive(params, stats),
    warnings: statsWarnings(stats, {
      clockResolutionSeconds: clock.resolutionSeconds,
      warmupRuns: counts.warmup,
    }),
  };
}
