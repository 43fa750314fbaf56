// Executes a run. Every backend gets its executor (container, synced container or host) at the
// start and keeps it, with its fixtures, until the end; each workload is then measured on all of
// them together, in interleaved rounds (see rounds.ts). A failing backend or workload is recorded
// and the run goes on; a cancel stops at once. Whatever happens, every container, volume, FUSE
// mount and fixture the run made is removed before it returns: after the answer is reported
// (see executeRun), so the clean-up's seconds are not the user's wait for it.
import { hostLoadAverage } from './host-load';
import { macConditionsReader, type PowerConditionsReader } from '../machine/power-conditions';
import { flagMixedPower } from '../machine/power-warnings';
import { removeTree } from '../fixtures/remove-tree';
import { MountbenchError, serializeError } from '../../shared/errors';
import type { WorkloadId } from '../../shared/ids';
import type { Backend, RaceSummary, RunFile, WorkloadResult } from '../../shared/result-schema';
import type { RunEvent } from '../../shared/run-events';
import { perLookAlpha, racePolicy } from '../stats/race';
import { resolveWorkload } from '../workloads/registry';
import { npmProject } from '../workloads/npm-projects';
import { ensureNpmCache } from '../workloads/npm-cache';
import type { Workload } from '../workloads/workload';
import { unsupportedReason } from '../workloads/unsupported-reason';
import { checkHostBaseline } from './baseline-check';
import { explainEngineError } from './engine-errors';
import type { BackendExecutor } from './executor';
import { createExecutor, runWorkDir } from './executors';
import { executorsFromTestSwitch } from './scripted-switch';
import { ensureImage, type ImageRole } from './image';
import { toolsImageFor } from './tools-image';
import { ensureToolsImage } from './tools-image-build';
import type { PullProgress } from '../../shared/pull-progress';
import { dropPageCache, ensureHelperImage } from './cold-cache';
import { dependencySplits } from '../recommend/dependency-split';
import { npmLayoutVerdict } from '../recommend/npm-layout-verdict';
import { dependencySplitOf } from '../../shared/backend-plan';
import type { MeasureHooks } from './measure-hooks';
import { benchToolsOnHost } from './host-tools';
import { claimRunDir, otherLiveRuns } from './leftovers';
import { settleInOrder } from './settle-in-order';
import { measureWorkload, mostExecutions, plannedExecutions, type MeasureLaneInput } from './measure';
import type { ExecutorFactory, RunContext } from './run-context';
import {
  SharedFixtures,
  sharedFixturesRoot,
  sharedFixtureWorkloads,
  takesSharedFixtures,
} from './shared-fixtures';
import { appStamp } from '../app-version';

export type { ExecutorFactory, RunContext } from './run-context';
export { runWorkDir } from './executors';

/** What a run gathers as it goes, and the one place events and errors leave from. */
class RunLog {
  readonly results: WorkloadResult[] = [];
  readonly errors: RunFile['errors'] = [];
  readonly skipped: NonNullable<RunFile['skipped']> = [];
  readonly races: RaceSummary['workloads'] = [];
  readonly failedBackends = new Set<string>();
  /** Own images (tools) that could not be got: their workloads run on the host baseline only. */
  readonly missingImages = new Set<string>();
  /** Owners (host:pid) of other runs seen measuring while this one did. */
  readonly concurrent = new Set<string>();
  /** A Mac's power and thermal conditions, read beside each timed sample; null elsewhere. */
  readonly power: PowerConditionsReader | null;
  completed = 0;

  constructor(private readonly ctx: RunContext) {
    this.power = macConditionsReader(ctx.env ?? process.env);
  }

  emit(event: RunEvent): void {
    try {
      this.ctx.onEvent(event);
    } catch {
      // A listener's bug must not break the measurement.
    }
  }

  error(err: unknown, backendId: string | null, workloadId: WorkloadId | null): void {
    const error = serializeError(explainEngineError(err, this.ctx.engine?.endpoint ?? null));
    this.errors.push({
      ...error,
      ...(backendId ? { backendId } : {}),
      ...(workloadId ? { workloadId } : {}),
    });
    if (backendId) this.failedBackends.add(backendId);
    this.emit({ type: 'error', runId: this.ctx.runId, backendId, workloadId, error });
  }
}

function executorsOf(ctx: RunContext): ExecutorFactory {
  return ctx.executors ?? executorsFromTestSwitch() ?? createExecutor;
}

function workloadOf(ctx: RunContext, id: WorkloadId): Workload {
  const stand = ctx.workloadsForTests?.[id];
  if (stand) return stand;
  return resolveWorkload(id, ctx.request.custom, {
    allowHostCommands: ctx.allowHostCommands,
    cacheDir: ctx.cacheDir,
  });
}

type WorkloadPlan = NonNullable<Extract<RunEvent, { type: 'planned' }>['workloadPlan']>;

/**
 * Skips what cannot run and counts, per workload, the executions the rest will make at least and
 * at most (a race stops between the two): the range progress and its ETA are computed over.
 */
function planWorkloads(ctx: RunContext, log: RunLog): WorkloadPlan {
  const plan: WorkloadPlan = ctx.request.workloads.map((workloadId) => ({ workloadId, least: 0, most: 0 }));
  for (const backend of ctx.backends) {
    for (const [index, id] of ctx.request.workloads.entries()) {
      const workload = workloadOf(ctx, id);
      const reason =
        backend.dependencyVolume && id !== dependencySplitOf(ctx.request)?.workloadId
          ? `the dependency-folder split is measured for ${dependencySplitOf(ctx.request)?.workloadId === 'npm-install' ? 'npm-install' : 'your own project (custom)'} only`
          : unsupportedReason(workload, backend.mount, ctx.env);
      if (reason) log.skipped.push({ backendId: backend.id, workloadId: id, reason });
      else {
        plan[index].least += plannedExecutions(workload, ctx.request.size, ctx.request);
        plan[index].most += mostExecutions(workload, ctx.request.size, ctx.request);
      }
    }
  }
  return plan;
}

/** An image a workload runs in instead of the bench image, and the suffix of its containers' names. */
interface OwnImage {
  image: string;
  role: Extract<ImageRole, 'custom' | 'tools'>;
  suffix: string;
}

/**
 * The image a workload runs in when it is not the bench image: the custom workload's own image,
 * or the tools image for a workload needing git, node, npm, fio or php. Such a workload gets its
 * own container on each backend, made for it and removed after it. Null: the bench containers.
 */
function ownImageOf(ctx: RunContext, workloadId: WorkloadId): OwnImage | null {
  if (workloadId === 'custom') {
    const image = ctx.request.custom?.image;
    return image ? { image, role: 'custom', suffix: '-custom' } : null;
  }
  if (!workloadOf(ctx, workloadId).needsTools.length) return null;
  return { image: ctx.toolsImage ?? toolsImageFor(undefined, ctx.env), role: 'tools', suffix: '-tools' };
}

async function ensureImages(ctx: RunContext, log: RunLog): Promise<void> {
  if (!ctx.docker || !ctx.backends.some((b) => b.mount !== 'host')) return;
  const roles = new Map<string, ImageRole>([[ctx.image, 'bench']]);
  for (const id of ctx.request.workloads) {
    const own = ownImageOf(ctx, id);
    if (own && !roles.has(own.image)) roles.set(own.image, own.role);
  }
  for (const [image, role] of roles) {
    const progress = (p: PullProgress) => log.emit({ type: 'image-progress', runId: ctx.runId, image, ...p });
    if (role !== 'tools') {
      await ensureImage(ctx.docker, image, ctx.signal, progress, role);
      continue;
    }
    // The default tools image is built on the engine, not pulled (tools-image-build.ts). Without
    // it only the workloads needing it are lost, each with the reason; the others still run.
    try {
      await ensureToolsImage(ctx.docker, image, ctx.signal, progress);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      log.missingImages.add(image);
      for (const id of ctx.request.workloads)
        if (ownImageOf(ctx, id)?.image === image) log.error(err, null, id);
    }
  }
  if (ctx.request.coldCache) await ensureHelperImage(ctx.docker, ctx.env, ctx.signal);
}

/**
 * Backends whose executors start at once. Starting one is mostly the engine's work (create and
 * start a container, a few execs, a volume, a FUSE share), so starting them together saves nearly
 * all but the slowest one's time; bounded so a many-backend plan does not queue a dozen of them on
 * the engine and a small machine's disk at once.
 */
export const CONCURRENT_STARTS = 4;

/** Every workload skipped on it (an NFS volume with no export): nothing to make; its reasons are in `skipped`. */
function nothingToRun(ctx: RunContext, log: RunLog, backend: Backend): boolean {
  const skips = log.skipped.filter((s) => s.backendId === backend.id).length;
  return skips > 0 && skips >= ctx.request.workloads.length;
}

/**
 * Starts the backends' executors into `executors`, which the caller owns and disposes, each as
 * soon as it has started: a cancel while others start must still clean up the ones running. They
 * start together (CONCURRENT_STARTS at most), in the plan's order, and their events keep that
 * order: each backend's backend-started and container phase as its start begins, and the reason a
 * start failed once it and every backend before it have settled. A backend that cannot start is
 * recorded and left out; a cancel starts no more and waits for those under way before it throws.
 */
async function startExecutors(
  ctx: RunContext,
  log: RunLog,
  executors: Map<string, BackendExecutor>,
): Promise<void> {
  ctx.signal.throwIfAborted();
  // Beside containers, the host baseline runs the containers' own BusyBox where it can: copied
  // out of the image while the containers start, and waited for by the host backend only.
  const hostTools =
    ctx.docker && ctx.backends.some((b) => b.mount === 'host') && ctx.backends.some((b) => b.mount !== 'host')
      ? benchToolsOnHost(ctx.docker, ctx.image, ctx.cacheDir, ctx.runId)
      : Promise.resolve(undefined);
  const planned = [...ctx.backends.entries()].filter(([, backend]) => !nothingToRun(ctx, log, backend));
  const outcomes = settleInOrder(planned, CONCURRENT_STARTS, ctx.signal, async ([index, backend]) => {
    log.emit({ type: 'backend-started', runId: ctx.runId, backendId: backend.id });
    log.emit({
      type: 'phase',
      runId: ctx.runId,
      backendId: backend.id,
      workloadId: null,
      phase: 'container',
    });
    const tools = backend.mount === 'host' ? await hostTools : undefined;
    executors.set(backend.id, await executorsOf(ctx)(ctx, backend, index, ctx.image, '', tools));
  });
  for (const [k, outcome] of outcomes.entries()) {
    const settled = await outcome;
    // After a cancel the cancel is the one error: a start it cut short is not a failure of its own.
    if (settled.status === 'rejected' && !ctx.signal.aborted)
      log.error(settled.reason, planned[k][1].id, null);
  }
  // It never throws (it falls back to the host's own tools), and its container must be gone
  // before the run's clean-up looks.
  await hostTools;
  ctx.signal.throwIfAborted();
}

/** Cold-cache mode reaches the container backends; the host baseline has no engine kernel to drop. */
function coldCacheStep(ctx: RunContext, backend: Backend): Pick<MeasureHooks, 'coldCache'> {
  const { docker, request } = ctx;
  if (!request.coldCache || !docker || backend.mount === 'host') return {};
  return {
    coldCache: {
      scope: request.coldCache,
      drop: (signal) => dropPageCache(docker, ctx.runId, signal, { env: ctx.env }),
    },
  };
}

function laneInputs(
  ctx: RunContext,
  log: RunLog,
  backends: readonly Backend[],
  executors: ReadonlyMap<string, BackendExecutor>,
  workloadId: WorkloadId,
): MeasureLaneInput[] {
  const { runId } = ctx;
  return backends.map((backend) => ({
    backend,
    executor: executors.get(backend.id)!,
    hooks: {
      signal: ctx.signal,
      ...coldCacheStep(ctx, backend),
      hostLoad: hostLoadAverage,
      ...(log.power ? { powerConditions: () => log.power!.current() } : {}),
      phase: (phase) => log.emit({ type: 'phase', runId, backendId: backend.id, workloadId, phase }),
      sample: (workloadCase, index, warmup, seconds) =>
        log.emit({
          type: 'sample',
          runId,
          backendId: backend.id,
          workloadId,
          workloadCase,
          index,
          warmup,
          seconds,
          completedExecutions: ++log.completed,
        }),
    },
  }));
}

/**
 * A workload's own containers, when it runs in its own image (ownImageOf); disposed right after
 * it. They start together, as the bench containers do (startExecutors). A cancel while they start
 * disposes the ones that started here, since the run's clean-up does not know them.
 */
async function ownExecutors(
  ctx: RunContext,
  log: RunLog,
  backends: readonly Backend[],
  workloadId: WorkloadId,
  own: OwnImage,
): Promise<Map<string, BackendExecutor>> {
  const executors = new Map<string, BackendExecutor>();
  const containers = backends.filter((b) => b.mount !== 'host');
  const outcomes = settleInOrder(containers, CONCURRENT_STARTS, ctx.signal, async (backend) => {
    const index = ctx.backends.indexOf(backend);
    executors.set(backend.id, await executorsOf(ctx)(ctx, backend, index, own.image, own.suffix));
  });
  for (const [k, outcome] of outcomes.entries()) {
    const settled = await outcome;
    if (settled.status === 'rejected' && !ctx.signal.aborted)
      log.error(settled.reason, containers[k].id, workloadId);
  }
  if (ctx.signal.aborted) {
    for (const [backendId, executor] of executors)
      await executor.dispose().catch((err: unknown) => log.error(err, backendId, workloadId));
    ctx.signal.throwIfAborted();
  }
  return executors;
}

async function measureOneWorkload(
  ctx: RunContext,
  log: RunLog,
  executors: ReadonlyMap<string, BackendExecutor>,
  workloadId: WorkloadId,
  deadline: number | null,
  sharedFixtures: SharedFixtures,
): Promise<void> {
  const workload = workloadOf(ctx, workloadId);
  const skipped = new Set(log.skipped.filter((s) => s.workloadId === workloadId).map((s) => s.backendId));
  let backends = ctx.backends.filter((b) => executors.has(b.id) && !skipped.has(b.id));
  if (backends.length && !(await fetchedBeforeLaying(ctx, log, workloadId))) {
    // Progress must still reach 100 % without this workload's samples.
    log.completed += plannedExecutions(workload, ctx.request.size, ctx.request) * backends.length;
    return;
  }
  const ownImage = ownImageOf(ctx, workloadId);
  if (ownImage && log.missingImages.has(ownImage.image))
    backends = backends.filter((b) => b.mount === 'host');
  const own = ownImage
    ? await ownExecutors(ctx, log, backends, workloadId, ownImage)
    : new Map<string, BackendExecutor>();
  // A container that could not start in the workload's own image is not stood in for by the
  // bench container: that image has not got what the workload runs.
  if (ownImage) backends = backends.filter((b) => b.mount === 'host' || own.has(b.id));
  const before = log.completed;
  try {
    const measured = await measureWorkload({
      lanes: laneInputs(ctx, log, backends, new Map([...executors, ...own]), workloadId),
      workload,
      size: ctx.request.size,
      counts: ctx.request,
      deadline,
      signal: ctx.signal,
      onLaneFailed: (backend, err) => log.error(err, backend.id, workloadId),
      sharedFixtures,
    });
    for (const result of measured.results) {
      log.results.push(result);
      log.emit({ type: 'workload-done', runId: ctx.runId, result });
    }
    log.races.push(...measured.races);
  } finally {
    // Progress must still reach 100 % when a backend fails part-way.
    const planned = plannedExecutions(workload, ctx.request.size, ctx.request) * backends.length;
    log.completed = Math.max(log.completed, before + planned);
    for (const [backendId, executor] of own)
      await executor.dispose().catch((err: unknown) => log.error(err, backendId, workloadId));
  }
}

/**
 * What a workload fetches once before its fixture can be laid: npm-install's package cache, from
 * the registry with the host's npm, kept in the cache folder for later runs. False when it could
 * not be fetched (the error is recorded; the other workloads go on).
 */
async function fetchedBeforeLaying(ctx: RunContext, log: RunLog, workloadId: WorkloadId): Promise<boolean> {
  if (workloadId !== 'npm-install') return true;
  const project = npmProject(String(workloadOf(ctx, workloadId).sizes[ctx.request.size].project));
  try {
    await ensureNpmCache({
      cacheDir: ctx.cacheDir,
      project,
      env: ctx.env,
      signal: ctx.signal,
      onProgress: (p) =>
        log.emit({ type: 'fetch-progress', runId: ctx.runId, workloadId, what: 'npm packages', ...p }),
    });
    return true;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    log.error(err, null, workloadId);
    return false;
  }
}

/** A budget is spread over the workloads still to come; time one leaves unused goes to the next. */
function workloadDeadline(runDeadline: number | null, workloadsLeft: number): number | null {
  if (runDeadline === null) return null;
  const now = Date.now();
  return now + Math.max(0, runDeadline - now) / Math.max(1, workloadsLeft);
}

async function lookForOtherRuns(ctx: RunContext, log: RunLog): Promise<void> {
  for (const owner of await otherLiveRuns(ctx.cacheDir, ctx.runId)) log.concurrent.add(owner);
}

/**
 * Two benchmarks at once are warned about, not locked out: the user may mean it (two engines, a
 * quick look while a long run goes on), but every figure of either is then slower than alone.
 */
function withConcurrencyWarning(results: WorkloadResult[], owners: ReadonlySet<string>): WorkloadResult[] {
  if (!owners.size) return results;
  const pids = [...owners].map((o) => o.slice(o.lastIndexOf(':') + 1)).join(', ');
  const warning =
    `another Mountbench run (process ${pids}) was measuring on this machine at the same time: the two shared ` +
    'the disk and the CPU, so these figures are slower than this machine alone gives; run one benchmark at a time';
  return results.map((r) => ({ ...r, warnings: [...r.warnings, warning] }));
}

/**
 * The shared host fixtures are laid while the containers start: laying 20,000 files is disk work,
 * starting a container is mostly the engine's, so the two overlap instead of queueing.
 */
function laySharedAhead(ctx: RunContext, sharedFixtures: SharedFixtures): void {
  if (!ctx.backends.some(takesSharedFixtures)) return;
  const ids = sharedFixtureWorkloads(ctx.request);
  sharedFixtures.layAhead(
    ids.map((workloadId) => ({
      workloadId,
      fixture: workloadOf(ctx, workloadId).fixture(ctx.request.size)!,
    })),
    ctx.signal,
  );
}

/**
 * Measures every workload on the executors it starts into `executors`, which the caller owns and
 * disposes (after the answer, see executeRun).
 */
async function measureAll(
  ctx: RunContext,
  log: RunLog,
  sharedFixtures: SharedFixtures,
  executors: Map<string, BackendExecutor>,
): Promise<void> {
  const started = Date.now();
  const budget = ctx.request.budgetSeconds;
  const runDeadline = budget !== undefined ? started + budget * 1000 : null;
  laySharedAhead(ctx, sharedFixtures);
  await startExecutors(ctx, log, executors);
  for (const [index, workloadId] of ctx.request.workloads.entries()) {
    ctx.signal.throwIfAborted();
    const deadline = workloadDeadline(runDeadline, ctx.request.workloads.length - index);
    await measureOneWorkload(ctx, log, executors, workloadId, deadline, sharedFixtures);
    await lookForOtherRuns(ctx, log);
  }
}

/**
 * Every backend's executor removed at once: each removal is mostly the engine's (a container, a
 * volume, a FUSE unmount) and its own folder, none depends on another, and one by one they queued
 * several seconds per backend behind the answer. Each backend still reports its cleanup phase
 * first and its backend-done after, in the planned order.
 */
async function disposeAll(
  ctx: RunContext,
  log: RunLog,
  executors: ReadonlyMap<string, BackendExecutor>,
  cancelled: boolean,
): Promise<void> {
  for (const backend of ctx.backends)
    log.emit({ type: 'phase', runId: ctx.runId, backendId: backend.id, workloadId: null, phase: 'cleanup' });
  const outcomes = await Promise.allSettled(
    ctx.backends.map((backend) => executors.get(backend.id)?.dispose()),
  );
  for (const [index, backend] of ctx.backends.entries()) {
    const outcome = outcomes[index];
    if (outcome.status === 'rejected') log.error(outcome.reason, backend.id, null);
    const ok = executors.has(backend.id) && !log.failedBackends.has(backend.id) && !cancelled;
    log.emit({ type: 'backend-done', runId: ctx.runId, backendId: backend.id, ok });
  }
}

/**
 * Everything the run made, removed: every executor (containers, volumes, FUSE shares), then the
 * run's folder once no shared lay still writes into it (a cancel, no lane left that needed it).
 * Nothing here listens to the run's signal: a cancel during the clean-up must not cut it short.
 */
async function cleanUp(
  ctx: RunContext,
  log: RunLog,
  executors: ReadonlyMap<string, BackendExecutor>,
  sharedFixtures: SharedFixtures,
  cancelled: boolean,
): Promise<void> {
  await disposeAll(ctx, log, executors, cancelled);
  await sharedFixtures.settled();
  await removeTree(runWorkDir(ctx.cacheDir, ctx.runId)).catch((err: unknown) => log.error(err, null, null));
}

function raceSummary(ctx: RunContext, log: RunLog): RaceSummary | null {
  if (!ctx.request.race) return null;
  const policy = racePolicy(ctx.request);
  return {
    rule: { ...policy, perLookAlpha: perLookAlpha(policy) },
    ...(ctx.request.budgetSeconds ? { budgetSeconds: ctx.request.budgetSeconds } : {}),
    workloads: log.races,
  };
}

/**
 * Runs the plan. The answer goes out first: `beforeDone` (the app saves the run, the CLI prints it)
 * is called as soon as the last workload is measured, followed by `run-answered` once the run is
 * stored (the dashboard opens the answer then), and the clean-up (every container, volume,
 * share and fixture, several seconds per backend) runs after it; `run-done` and the returned run
 * come only once the clean-up is over, so whoever waits for them finds nothing left behind, and
 * the dashboard shows the run as cleaning up until then. Problems of the clean-up are error events
 * and are in the returned run, and `afterCleanUp` stores the answered run again with them. A cancelled run has no
 * answer to hurry: it cleans up first, so its file says what the cancel left.
 */
export async function executeRun(ctx: RunContext): Promise<RunFile> {
  const { runId, signal } = ctx;
  const createdAt = new Date().toISOString();
  const log = new RunLog(ctx);
  const workloadPlan = planWorkloads(ctx, log);
  log.emit({
    type: 'planned',
    runId,
    backends: ctx.backends,
    workloads: ctx.request.workloads,
    totalExecutions: workloadPlan.reduce((sum, w) => sum + w.least, 0),
    maxExecutions: workloadPlan.reduce((sum, w) => sum + w.most, 0),
    workloadPlan,
  });
  const sharedFixtures = new SharedFixtures(
    sharedFixturesRoot(runWorkDir(ctx.cacheDir, runId)),
    ctx.layHostFixture,
  );
  const executors = new Map<string, BackendExecutor>();
  let answered: RunFile | null = null;
  let stored = false;
  let cancelled = false;
  try {
    try {
      await claimRunDir(runWorkDir(ctx.cacheDir, runId));
      await lookForOtherRuns(ctx, log);
      await ensureImages(ctx, log);
      await measureAll(ctx, log, sharedFixtures, executors);
    } catch (err) {
      if (!signal.aborted) log.error(err, null, null);
    }
    // Decided once: a cancel that comes during the clean-up below does not undo the answer.
    cancelled = signal.aborted;
    if (cancelled) {
      await cleanUp(ctx, log, executors, sharedFixtures, cancelled);
      log.error(new MountbenchError('CANCELLED', 'the run was cancelled'), null, null);
    }
    answered = runFileOf(ctx, log, createdAt, cancelled);
    stored = (await ctx.beforeDone?.(answered)) === true;
    if (stored) log.emit({ type: 'run-answered', runId, status: answered.status });
  } finally {
    // Also when beforeDone threw: nothing the run made outlives it.
    if (!cancelled) await cleanUp(ctx, log, executors, sharedFixtures, cancelled);
  }
  // The answer as reported, with what the clean-up after it said (its errors, its finish time).
  const run: RunFile = { ...answered, errors: [...log.errors], finishedAt: new Date().toISOString() };
  // The file stored at the answer, rewritten with what the clean-up said, before anyone hears it ended.
  if (stored && run.errors.length > answered.errors.length) await ctx.afterCleanUp?.(run);
  log.emit({ type: 'run-done', runId, status: run.status, run });
  return run;
}

/** The run's file from what the log gathered; its errors are copied, as the clean-up may add more. */
function runFileOf(ctx: RunContext, log: RunLog, createdAt: string, cancelled: boolean): RunFile {
  const status: RunFile['status'] = cancelled
    ? 'cancelled'
    : log.results.length === 0 && log.errors.length
      ? 'failed'
      : 'completed';
  const race = raceSummary(ctx, log);
  const splits = dependencySplits(log.results);
  const npmLayouts = npmLayoutVerdict(log.results);
  return {
    schema: 'mountbench-run',
    version: 1,
    id: ctx.runId,
    createdAt,
    finishedAt: new Date().toISOString(),
    status,
    app: appStamp(ctx.appVersion),
    machine: ctx.machine,
    engine: ctx.engine,
    image: ctx.docker ? ctx.image : null,
    results: flagMixedPower(
      withConcurrencyWarning(checkHostBaseline(log.results, ctx.engine), log.concurrent),
    ),
    errors: [...log.errors],
    ...(log.skipped.length ? { skipped: log.skipped } : {}),
    ...(race ? { race } : {}),
    ...(splits.length ? { dependencySplit: splits } : {}),
    ...(npmLayouts ? { npmLayouts } : {}),
  };
}
