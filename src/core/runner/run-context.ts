// What a run needs from whoever starts it (the app's run session, a sweep, a test), in three
// parts: the plan (what is measured: the backends, the workloads, the images, the machine it is
// on), the services (who does the work: the engine, the executors, the fixtures' layer, the work
// and data folders, the journal, the environment, the signal that cancels it) and the report
// (who hears of it: the events, the answer before the clean-up, the verdicts drawn from it).
// The runner's steps still read the three as one RunContext; executeRun takes them apart.
import type { WorkloadId } from '../../shared/ids';
import type { Backend, MachineInfo, RunFile, WorkloadResult } from '../../shared/result-schema';
import type { Workload } from '../workloads/workload';
import type { RunEvent } from '../../shared/run-events';
import type { SyncTools } from '../sync/availability';
import type { JournalHandle } from '../journal';
import type { BackendExecutor } from './executor';
import type { HostTools } from './host-tools';
import type { PreparedRun } from './prepare-run';
import type { LayHostFixture } from './shared-fixtures';
import type { ServingProcess } from '../host-processes/serving-cost';

/**
 * Makes what a backend's workloads run in (executors.ts: createExecutor is the real one). `image`
 * and `suffix` differ only for the custom workload's own containers; `hostTools` only for the host.
 */
export type ExecutorFactory = (
  ctx: RunContext,
  backend: Backend,
  index: number,
  image?: string,
  suffix?: string,
  hostTools?: HostTools,
) => Promise<BackendExecutor>;

/** What is measured. */
export interface RunPlan extends Omit<PreparedRun, 'syncTools' | 'docker'> {
  machine: MachineInfo;
  appVersion: string;
  /** True only for the CLI: a custom command from the dashboard never runs on the host. */
  allowHostCommands: boolean;
  /**
   * Tests only: workloads that stand in for registered ones of the same id (a tiny one needing git,
   * say), so the runner's handling of a kind of workload is tested before any such workload
   * exists. The run is otherwise the real code. Never set outside tests.
   */
  workloadsForTests?: Partial<Record<WorkloadId, Workload>>;
}

/** Who does the work, and where. */
export interface RunServices {
  /** The engine's client; null when only the host baseline runs. */
  docker: PreparedRun['docker'];
  /** Mountbench's cache folder; the run works in `runs/<runId>` below it. */
  cacheDir: string;
  /**
   * Where the run's journal goes (a synchronized file share is journaled like a settings change,
   * run-journal.ts); default: the data folder `env` names.
   */
  dataDir?: string;
  /** A sweep's journal, already open: the run records its file shares there instead of its own. */
  journal?: JournalHandle;
  /**
   * The host processes that run the engine's VM and serve its shares (a sweep asks its product:
   * Lima's host agent and QEMU), charged to every sample of a backend in a container there.
   */
  engineServing?: ServingProcess[];
  /** The environment sync tools run with (PATH finds them); default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** Sync tools found when the run was prepared; looked up on `env`'s PATH when absent. */
  syncTools?: SyncTools;
  signal: AbortSignal;
  /**
   * Default createExecutor. The runner's unit tests pass a scripted one
   * (test-support/scripted-executor.ts), so scheduling, budgets, cancels and failed lanes are
   * tested without an engine; everything else in the run is the real code.
   */
  executors?: ExecutorFactory;
  /**
   * Lays the run's shared host fixtures (shared-fixtures.ts); default writeHostFixture. The
   * runner's unit tests record the lays through it instead of writing 20,000 files.
   */
  layHostFixture?: LayHostFixture;
}

/** Who hears of the run. */
export interface RunReport {
  onEvent(event: RunEvent): void;
  /**
   * The verdicts the run's file carries beside its results (recommend/run-verdicts.ts: the
   * dependency-folder split, npm-install's layouts), drawn from them by whoever starts the run:
   * the runner measures and draws no verdict. Absent: the file has none.
   */
  verdicts?(results: readonly WorkloadResult[]): Pick<RunFile, 'dependencySplit' | 'npmLayouts'>;
  /**
   * Called with the answer as soon as the last workload is measured, before the clean-up (the app
   * layer saves the run here), and awaited before `run-done`, which comes after the clean-up: so
   * whoever hears `run-done` finds the result stored and nothing left behind. Resolving `true`
   * says the run is stored under its id: `run-answered` then goes out at once, so a page opens the
   * answer without waiting out the clean-up (anything else: no `run-answered`, the page waits for
   * `run-done`, which carries the run).
   */
  beforeDone?(run: RunFile): Promise<boolean | void>;
  /**
   * Called with the run once the clean-up has ended, before `run-done`, only where `beforeDone`
   * stored the answer and the clean-up added errors to it (a container that would not go, a fixture
   * left): the app stores the run again, so the file keeps what the clean-up said.
   */
  afterCleanUp?(run: RunFile): Promise<void>;
}

/** The three parts as the runner's steps read them. */
export type RunContext = RunPlan & RunServices & RunReport;

const SERVICE_KEYS = {
  docker: true,
  cacheDir: true,
  dataDir: true,
  journal: true,
  engineServing: true,
  env: true,
  syncTools: true,
  signal: true,
  executors: true,
  layHostFixture: true,
} as const satisfies Record<keyof RunServices, true>;

const REPORT_KEYS = {
  onEvent: true,
  verdicts: true,
  beforeDone: true,
  afterCleanUp: true,
} as const satisfies Record<keyof RunReport, true>;

/**
 * A whole context taken apart, for whoever holds one (a sweep builds its settings' runs whole, a
 * test its run): the services' and the report's own fields, the rest the plan.
 */
export function runParts(ctx: RunContext): [RunPlan, RunServices, RunReport] {
  const plan: Record<string, unknown> = {};
  const services: Record<string, unknown> = {};
  const report: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ctx)) {
    if (Object.hasOwn(SERVICE_KEYS, key)) services[key] = value;
    else if (Object.hasOwn(REPORT_KEYS, key)) report[key] = value;
    else plan[key] = value;
  }
  return [plan as unknown as RunPlan, services as unknown as RunServices, report as unknown as RunReport];
}
