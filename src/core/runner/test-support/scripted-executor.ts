// A scripted stand-in for Mountbench's own BackendExecutor interface (not for any product), so the
// runner's scheduling is unit-tested in milliseconds without an engine, as hyperfine's
// MockExecutor does for its scheduler. It answers each sample script the runner sends with a time
// the test scripted, printed in the sample script's own format and read back by the real
// parser, and it counts what was started and disposed. Everything around it (rounds, races,
// budgets, lane results, events, cleanup) is the real code.
import { MountbenchError } from '../../../shared/errors';
import type { Backend } from '../../../shared/result-schema';
import type { FixtureSpec } from '../../fixtures/fixture-spec';
import type { ClockSource } from '../clock';
import type { BackendExecutor, ExecResult } from '../executor';
import type { ExecutorFactory } from '../run-context';
import type { ShellSession } from '../shell-session';
import { sharedFixtureWorkloads, takesSharedFixtures } from '../shared-fixtures';

/** A clock only this executor prints: the runner reads it back through ClockSource.parse. */
export const SCRIPTED_CLOCK: ClockSource = {
  name: 'scripted',
  command: 'mb_scripted_clock',
  resolutionSeconds: 1e-9,
  parse(output) {
    const m = /^(\d+)\.(\d{9})$/.exec(output.trim());
    return m ? { whole: Number(m[1]), fraction: Number(m[2]) / 1e9 } : null;
  },
};

/** How one backend behaves. */
export interface ScriptedBackend {
  /**
   * Seconds one execution of a workload body takes here in its `index`-th sample (0-based,
   * warm-ups included); a batched sample runs the body several times and takes that many times as long.
   * Throwing fails that sample, as a broken `docker exec` would.
   */
  seconds(body: string, index: number): number;
  /** What `/proc/mounts` would say the workload folder is on; default `ext4`. */
  fsType?: string;
  /** `fails`: the start throws; `waits-for-cancel`: the start ends only when the run is cancelled. */
  start?: 'fails' | 'waits-for-cancel';
  /** Event-loop turns a start takes before it ends (or fails), as the engine's calls do; default 1. */
  startTurns?: number;
  /** Images whose containers cannot start here (the others start): a tools image not on the engine, say. */
  imagesThatFail?: readonly string[];
  /** Images whose containers' start ends only when the run is cancelled, as `waits-for-cancel` does. */
  imagesThatWaitForCancel?: readonly string[];
}

export interface ScriptedOptions {
  /** Told each sample's scripted seconds, e.g. to move a fake Date on (budget tests). */
  elapse?(seconds: number): void;
  /** Told when a disposal begins and ends; one event-loop turn lies between, as an engine call's does. */
  disposing?(backendId: string, step: 'begin' | 'end'): void;
  /** Told when a start begins and when it ends, failed or not (ScriptedBackend.startTurns apart). */
  starting?(backendId: string, step: 'begin' | 'end'): void;
}

/** The workload body of a sample script (sample-script.ts), or null for any other script. */
function sampleBody(script: string): string | null {
  if (!script.includes(SCRIPTED_CLOCK.command)) return null;
  const start = script.indexOf('\n{\n');
  const end = script.indexOf('\n} >/dev/null');
  return start >= 0 && end > start ? script.slice(start + 3, end) : null;
}

/** How many times a sample script runs its body in the timed part (sample-script.ts batches). */
function executionsOf(script: string): number {
  const m = /while \[ "\$mb_i" -lt (\d+) \]/.exec(script);
  return m ? Number(m[1]) : 1;
}

function reading(seconds: number): string {
  const nanos = Math.round(seconds * 1e9);
  return `${Math.floor(nanos / 1e9)}.${String(nanos % 1e9).padStart(9, '0')}`;
}

export class ScriptedExecutor implements BackendExecutor {
  readonly clock = SCRIPTED_CLOCK;
  /** Workload bodies answered, in order (calibration's `:` left out). */
  readonly sampled: string[] = [];
  /** Workload folders prepared, in order. */
  readonly prepared: string[] = [];
  /** Scripts that were not samples (fixture checks): answered with exit 0, as `true` would. */
  readonly others: string[] = [];
  /** Folders whose fs type was asked, in order. */
  readonly fsTypesAsked: string[] = [];
  disposals = 0;
  private readonly counts = new Map<string, number>();
  /** The scripted clock, in seconds; starts far from 0 so whole-second carries are exercised. */
  private now = 1_000_000;

  constructor(
    readonly backendId: string,
    private readonly script: ScriptedBackend,
    private readonly options: ScriptedOptions = {},
    /** Workloads whose folder is the run's shared host copy, as createExecutor mounts them. */
    private readonly sharedWorkloads: readonly string[] = [],
    /** The image its container would be made from (undefined for the host), as a container executor records. */
    readonly image?: string,
  ) {}

  workdir(workloadId: string): string {
    return `/scripted/${workloadId}`;
  }

  usesSharedFixture(workloadId: string): boolean {
    return this.sharedWorkloads.includes(workloadId);
  }

  async prepareWorkdir(workloadId: string, _fixture: FixtureSpec | null, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    // As the container executor does: a shared folder is the run's to lay.
    if (this.usesSharedFixture(workloadId)) throw new Error(`${workloadId} is shared: the run lays it`);
    this.prepared.push(workloadId);
  }

  async run(script: string, signal: AbortSignal): Promise<ExecResult> {
    signal.throwIfAborted();
    const body = sampleBody(script);
    if (body === null) {
      this.others.push(script);
      return { stdout: '', stderr: '', exitCode: 0, markers: [] };
    }
    const index = this.counts.get(body) ?? 0;
    this.counts.set(body, index + 1);
    // Calibration times `:` between the two clock reads: nothing, on a scripted clock.
    const seconds = body === ':' ? 0 : this.script.seconds(body, index) * executionsOf(script);
    if (body !== ':') this.sampled.push(body);
    this.options.elapse?.(seconds);
    const t0 = this.now;
    this.now += seconds;
    const times = ['0m0.000s 0m0.000s', '0m0.000s 0m0.000s'];
    const stdout = [
      'MB_C0',
      ...times,
      'MB_C1',
      ...times,
      `MB_T0 ${reading(t0)}`,
      `MB_T1 ${reading(this.now)}`,
      'MB_RC 0',
      '',
    ].join('\n');
    return { stdout, stderr: '', exitCode: 0, markers: [] };
  }

  hostPathOf(): string | null {
    return null;
  }

  openSession(): Promise<ShellSession> {
    return Promise.reject(
      new MountbenchError(
        'WORKLOAD_FAILED',
        'the scripted executor opens no shell sessions: sync-latency is measured on a real engine',
      ),
    );
  }

  async fsTypeOf(path: string): Promise<string> {
    this.fsTypesAsked.push(path);
    return this.script.fsType ?? 'ext4';
  }

  async dispose(): Promise<void> {
    this.disposals += 1;
    this.options.disposing?.(this.backendId, 'begin');
    await new Promise((resolve) => setImmediate(resolve));
    this.options.disposing?.(this.backendId, 'end');
  }
}

/**
 * The factory a test puts in the run context: one scripted executor per backend start, each
 * kept so the test can count starts and disposals afterwards.
 */
export class ScriptedEngine {
  /** Every executor started, in start order (the custom workload's own ones included). */
  readonly executors: ScriptedExecutor[] = [];
  /** Backend ids whose start was asked for, in order, failed ones included. */
  readonly startsAsked: string[] = [];

  constructor(
    private readonly behaviour: (backend: Backend, index: number) => ScriptedBackend,
    private readonly options: ScriptedOptions = {},
  ) {}

  readonly factory: ExecutorFactory = async (ctx, backend, index, image = ctx.image) => {
    this.startsAsked.push(backend.id);
    const script = this.behaviour(backend, index);
    this.options.starting?.(backend.id, 'begin');
    try {
      for (let turn = 0; turn < (script.startTurns ?? 1); turn++)
        await new Promise((resolve) => setImmediate(resolve));
      if (script.start === 'fails' || (backend.mount !== 'host' && script.imagesThatFail?.includes(image)))
        throw new MountbenchError('ENGINE_UNREACHABLE', `scripted: ${backend.id} could not start`);
      if (
        script.start === 'waits-for-cancel' ||
        (backend.mount !== 'host' && script.imagesThatWaitForCancel?.includes(image))
      ) {
        await new Promise<void>((_, reject) => {
          const stop = () => reject(ctx.signal.reason ?? new Error('aborted'));
          if (ctx.signal.aborted) stop();
          else ctx.signal.addEventListener('abort', stop, { once: true });
        });
      }
    } finally {
      this.options.starting?.(backend.id, 'end');
    }
    // The same shared folders createExecutor mounts for this backend: every bind-type container
    // gets them, an own-image one (custom, tools) too.
    const shared = takesSharedFixtures(backend) ? sharedFixtureWorkloads(ctx.request) : [];
    const executor = new ScriptedExecutor(
      backend.id,
      script,
      this.options,
      shared,
      backend.mount === 'host' ? undefined : image,
    );
    this.executors.push(executor);
    return executor;
  };

  /** The executors a backend got (its main one, then any own-image one: custom or tools). */
  of(backendId: string): ScriptedExecutor[] {
    return this.executors.filter((e) => e.backendId === backendId);
  }
}
