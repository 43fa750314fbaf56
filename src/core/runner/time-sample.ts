// One sample of a workload script: the script's own time as the environment's clock sees it, and
// the calibration subtracted from every sample (the cost of reading that clock twice).
import { MountbenchError } from '../../shared/errors';
import type { BackendExecutor, ExecResult } from './executor';
import type { TimedExecution } from './measure-hooks';
import { parseSampleOutput } from './sample-output';
import { sampleScript, type SampleScriptOptions } from '../workloads/sample-script';

const CALIBRATION_RUNS = 7;

export function scriptFailure(result: ExecResult, what: string): MountbenchError {
  const detail = result.stderr.trim().split('\n').slice(-5).join(' | ') || `exit code ${result.exitCode}`;
  return new MountbenchError('WORKLOAD_FAILED', `${what} failed: ${detail}`);
}

/**
 * The command ended the timing shell itself (a top-level `exit` or `exec`), so the shell never got
 * to read the clock again or say how the command ended: not a failure of the command, and not a
 * time either. Said as it is, with what to change.
 */
function endedTheShell(result: ExecResult): MountbenchError {
  const stderr = result.stderr.trim().split('\n').slice(-3).join(' | ');
  return new MountbenchError(
    'WORKLOAD_FAILED',
    `the workload's command ended the timing shell (exit code ${result.exitCode}) before its time could be read, ` +
      "as a top-level `exit` or `exec` does: run it in a subshell, `( … )` or `sh -c '…'`, so Mountbench can time it" +
      (stderr ? ` (its last output: ${stderr})` : ''),
  );
}

/** How one sample runs its body: batched executions, and an untimed run before (back to back). */
export type SampleShape = Pick<SampleScriptOptions, 'executions' | 'primer'>;

/**
 * Runs one sample script and reads its raw interval (before calibration is subtracted): with
 * `shape.executions` above 1, the time of all of them together.
 */
export async function timeOnce(
  executor: BackendExecutor,
  workdir: string,
  body: string,
  reset: string | undefined,
  signal: AbortSignal,
  shape: SampleShape = {},
): Promise<TimedExecution> {
  const clock = executor.clock;
  const result = await executor.run(
    sampleScript({ workdir, body, reset, clockCommand: clock?.command ?? null, ...shape }),
    signal,
  );
  const parsed = parseSampleOutput(result.stdout, clock);
  // Past the set-up (MB_C0 printed) and no exit status at the end: the command ended the shell.
  if (parsed.exitCode === null && /^MB_C0$/m.test(result.stdout)) throw endedTheShell(result);
  if (result.exitCode !== 0 || parsed.exitCode !== 0) throw scriptFailure(result, 'the workload');
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

/**
 * The cost of the two clock reads with nothing between them, measured in the same environment: the
 * least of the reads, not their median. Noise only ever adds time (a busy machine delays the fork of
 * a clock read), and every later sample pays at least this fixed cost, so subtracting the least never
 * takes away time the workload spent. A median taken while the machine was busy for a moment would
 * be subtracted from every later sample of the run, and turn a short one into 0 s.
 */
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
  return Math.max(0, Math.min(...overheads));
}

const calibrated = new WeakMap<BackendExecutor, Promise<number>>();
/** By calibrationKey: one figure per run, engine, image and clock (bounded: a sweep makes many runs). */
const calibratedByKey = new Map<string, Promise<number>>();
const MOST_KEYS_KEPT = 64;

/**
 * `calibrate`, once per executor, or once per calibrationKey where the executor has one: the
 * clock's cost is a property of the environment (container or host), not of the workload, so a
 * run's later workloads reuse the first one's figure instead of paying eight more exec round trips
 * each. Containers of one image on one engine share a key (executor.ts says why that is safe): the
 * run's other backends reuse the first one's figure too. A failed calibration is not remembered.
 */
export function calibrateOnce(
  executor: BackendExecutor,
  workdir: string,
  signal: AbortSignal,
): Promise<number> {
  const key = executor.calibrationKey;
  const known = key !== undefined ? calibratedByKey.get(key) : calibrated.get(executor);
  if (known) return known;
  const pending = calibrate(executor, workdir, signal);
  if (key !== undefined) {
    if (calibratedByKey.size >= MOST_KEYS_KEPT) calibratedByKey.delete(calibratedByKey.keys().next().value!);
    calibratedByKey.set(key, pending);
    pending.catch(() => {
      if (calibratedByKey.get(key) === pending) calibratedByKey.delete(key);
    });
  } else {
    calibrated.set(executor, pending);
    pending.catch(() => calibrated.delete(executor));
  }
  return pending;
}
