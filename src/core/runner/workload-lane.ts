// One backend's part in measuring a script workload: its fixture laid and checked, its clock
// calibrated, then one sample at a time on request. The round scheduler holds one lane per backend
// and asks each for a sample in turn, so every backend keeps its container and fixture throughout.
import { spentAcross } from '../host-processes/serving-cost';
import type { Backend, PowerReading } from '../../shared/result-schema';
import type { SizeName } from '../../shared/ids';
import type { WorkloadCase, Workload } from '../workloads/workload';
import { HOST_MARKER_CLOCK, type ClockSource } from './clock';
import type { BackendExecutor } from './executor';
import type { MeasureHooks, TimedExecution } from './measure-hooks';
import { shellQuote } from '../workloads/sample-script';
import { calibrateOnce, scriptFailure, timeOnce } from './time-sample';
import type { SampleMethod } from '../../shared/run-plan';
import { executionsPerSample } from '../stats/batch-size';
import type { SharedFixtures } from './shared-fixtures';

export interface Lane {
  backend: Backend;
  executor: BackendExecutor;
  workdir: string;
  fsType: string;
  /** Subtracted from every sample: the measured cost of reading the clock. */
  overhead: number;
  clock: Pick<ClockSource, 'name' | 'resolutionSeconds'>;
  /** The sync tool's first sync of the fixture, timed apart (sync mounts only). */
  initialSeconds: number | null;
  hooks: MeasureHooks;
  /** How each sample meets the one before it (SAMPLE_METHODS). */
  sampleMethod: SampleMethod;
  /**
   * Whether a repeatable case's short sample may run several executions: not when each execution
   * must start from a dropped cache, nor where back-to-back writes would change what is measured
   * (spaced writes) or what the sync tool flushes.
   */
  batches: boolean;
}

/** What the measurer decides for a lane besides its backend: how its samples run. */
export type LaneShape = Pick<Lane, 'sampleMethod' | 'batches'>;

/**
 * Lays the fixture, checks it, reads the fs type and calibrates the clock of one backend. Where
 * the executor's folder is the run's shared copy, the lay is the run's one lay (waited for, never
 * repeated); the check and the fs type are still this backend's own.
 */
export async function prepareLane(
  executor: BackendExecutor,
  backend: Backend,
  workload: Workload,
  size: SizeName,
  hooks: MeasureHooks,
  shape: LaneShape = { sampleMethod: 'spaced', batches: false },
  shared?: SharedFixtures,
): Promise<Lane> {
  const { signal } = hooks;
  const workdir = executor.workdir(workload.id);
  hooks.phase('fixture');
  const fixture = workload.fixture(size);
  if (shared && fixture && executor.usesSharedFixture?.(workload.id))
    await shared.ensure(workload.id, fixture, signal);
  else await executor.prepareWorkdir(workload.id, fixture, signal);
  // On a sync mount the fixture is laid on the host: the tool's first sync of it is timed apart.
  const initialSeconds = executor.sync ? await executor.sync.flush(signal) : null;
  if (workload.verifyScript) {
    const check = await executor.run(`cd ${shellQuote(workdir)} && ${workload.verifyScript(size)}`, signal);
    if (check.exitCode !== 0) throw scriptFailure(check, `checking the ${workload.id} fixture`);
  }
  const fsType = await executor.fsTypeOf(workdir, signal);
  hooks.phase('calibrate');
  const overhead = await calibrateOnce(executor, workdir, signal);
  const clock = executor.clock ?? HOST_MARKER_CLOCK;
  return { backend, executor, workdir, fsType, overhead, clock, initialSeconds, hooks, ...shape };
}

/** The samples one lane took of one case, and what its sync tool did after each. */
export interface LaneSamples {
  timed: TimedExecution[];
  /** The first execution after the fixture was laid (cold caches); null until one ran. */
  first: number | null;
  warmups: number;
  /** Write-back flush after each timed sample (sync mounts of writing workloads only). */
  flushSeconds: number[];
  /** Executions each timed sample runs: decided by the last warm-up (1 without warm-up). */
  executions: number;
  /** The host's load as each timed sample began (MeasureHooks.hostLoad), where it was read. */
  loads: number[];
  /** A Mac's conditions as each timed sample began (MeasureHooks.powerConditions), where read. */
  power: PowerReading[];
  /**
   * What the share's host processes (BackendExecutor.serving) spent across each timed sample: CPU
   * seconds per execution, and their resident memory after it. Empty where none are known.
   */
  serving: { cpuSeconds: number; rssBytes: number }[];
}

export function emptyLaneSamples(): LaneSamples {
  return {
    timed: [],
    first: null,
    warmups: 0,
    flushSeconds: [],
    executions: 1,
    loads: [],
    power: [],
    serving: [],
  };
}

/** Takes one sample of a case on a lane and records it in `into`. */
export async function sampleLane(
  lane: Lane,
  workloadCase: WorkloadCase,
  flushesWrites: boolean,
  warmup: boolean,
  into: LaneSamples,
): Promise<void> {
  const { signal, coldCache } = lane.hooks;
  await coldCache?.drop(signal);
  const load = warmup ? null : (lane.hooks.hostLoad?.() ?? null);
  // Read before the sample starts (a cached reading most of the time), never while it runs.
  const power = warmup ? null : ((await lane.hooks.powerConditions?.()) ?? null);
  // A warm-up is one execution: it measures what one costs, which sets the batch of the timed ones.
  const executions = warmup ? 1 : into.executions;
  // The share's own processes, read just outside the sample: what they spent serving it.
  const serving = warmup ? [] : (lane.executor.serving ?? []);
  const { value: raw, spent } = await spentAcross(serving, () =>
    timeOnce(lane.executor, lane.workdir, workloadCase.script, workloadCase.reset, signal, {
      executions,
      primer: lane.sampleMethod === 'back-to-back',
    }),
  );
  // Every figure is per execution: the clock's cost is paid once per sample, then shared out.
  const seconds = Math.max(0, raw.seconds - lane.overhead) / executions;
  const perExecution = (cpu: number | null) => (cpu === null ? null : cpu / executions);
  if (warmup && lane.batches && workloadCase.repeatable) into.executions = executionsPerSample(seconds);
  // What the sample wrote goes back to the host before the next one: timed, never in the sample.
  if (flushesWrites && lane.executor.sync && !lane.executor.sync.oneWay) {
    const flushed = await lane.executor.sync.flush(signal);
    if (!warmup) into.flushSeconds.push(flushed);
  }
  into.first ??= seconds;
  const index = warmup ? into.warmups++ : into.timed.length;
  if (!warmup) into.timed.push({ seconds, user: perExecution(raw.user), system: perExecution(raw.system) });
  if (load !== null && Number.isFinite(load)) into.loads.push(load);
  if (power !== null) into.power.push(power);
  if (spent) into.serving.push({ cpuSeconds: spent.cpuSeconds / executions, rssBytes: spent.rssBytes });
  lane.hooks.sample(workloadCase.id, index, warmup, seconds);
}
