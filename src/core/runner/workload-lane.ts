// One backend's part in measuring a script workload: its fixture laid and checked, its clock
// calibrated, then one sample at a time on request. The round scheduler holds one lane per backend
// and asks each for a sample in turn, so every backend keeps its container and fixture throughout.
import type { Backend } from '../../shared/result-schema';
import type { SizeName } from '../../shared/ids';
import type { WorkloadCase, Workload } from '../workloads/workload';
import { HOST_MARKER_CLOCK, type ClockSource } from './clock';
import type { BackendExecutor } from './executor';
import type { MeasureHooks, TimedExecution } from './measure-hooks';
import { shellQuote } from './sample-script';
import { calibrateOnce, scriptFailure, timeOnce } from './time-sample';

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
}

/** Lays the fixture, checks it, reads the fs type and calibrates the clock of one backend. */
export async function prepareLane(
  executor: BackendExecutor,
  backend: Backend,
  workload: Workload,
  size: SizeName,
  hooks: MeasureHooks,
): Promise<Lane> {
  const { signal } = hooks;
  const workdir = executor.workdir(workload.id);
  hooks.phase('fixture');
  await executor.prepareWorkdir(workload.id, workload.fixture(size), signal);
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
  return { backend, executor, workdir, fsType, overhead, clock, initialSeconds, hooks };
}

/** The samples one lane took of one case, and what its sync tool did after each. */
export interface LaneSamples {
  timed: TimedExecution[];
  /** The first execution after the fixture was laid (cold caches); null until one ran. */
  first: number | null;
  warmups: number;
  /** Write-back flush after each timed sample (sync mounts of writing workloads only). */
  flushSeconds: number[];
}

export function emptyLaneSamples(): LaneSamples {
  return { timed: [], first: null, warmups: 0, flushSeconds: [] };
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
  const raw = await timeOnce(lane.executor, lane.workdir, workloadCase.script, workloadCase.reset, signal);
  const seconds = Math.max(0, raw.seconds - lane.overhead);
  // What the sample wrote goes back to the host before the next one: timed, never in the sample.
  if (flushesWrites && lane.executor.sync) {
    const flushed = await lane.executor.sync.flush(signal);
    if (!warmup) into.flushSeconds.push(flushed);
  }
  into.first ??= seconds;
  const index = warmup ? into.warmups++ : into.timed.length;
  if (!warmup) into.timed.push({ ...raw, seconds });
  lane.hooks.sample(workloadCase.id, index, warmup, seconds);
}
