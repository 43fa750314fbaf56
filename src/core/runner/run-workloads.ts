// Measuring a run's workloads one after another on the executors it started: each workload's
// fixtures and fetches first, its own containers where it runs in its own image, its lanes (with
// their events, cold-cache step and host conditions), and a time budget spread over the workloads
// still to come.
import type { WorkloadId } from '../../shared/ids';
import type { Backend } from '../../shared/result-schema';
import { npmProject } from '../workloads/npm-projects';
import { ensureNpmCache } from '../workloads/npm-cache';
import { dropPageCache } from './cold-cache';
import type { BackendExecutor } from './executor';
import { hostLoadAverage } from './host-load';
import { otherLiveRuns } from './leftovers';
import { measureWorkload, plannedExecutions, type MeasureLaneInput } from './measure';
import type { MeasureHooks } from './measure-hooks';
import type { RunContext } from './run-context';
import { ownExecutors, startExecutors } from './run-executors';
import type { RunLog } from './run-log';
import { ownImageOf, workloadOf } from './run-workload-plan';
import { sharedFixtureWorkloads, takesSharedFixtures, type SharedFixtures } from './shared-fixtures';

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

export async function lookForOtherRuns(
  ctx: Pick<RunContext, 'cacheDir' | 'runId'>,
  log: RunLog,
): Promise<void> {
  for (const owner of await otherLiveRuns(ctx.cacheDir, ctx.runId)) log.concurrent.add(owner);
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
export async function measureAll(
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
