// The executors a run measures on: every backend's, started together at the start and kept to the
// end, each workload's own where it runs in its own image, and every one removed at the end.
import type { WorkloadId } from '../../shared/ids';
import type { Backend } from '../../shared/result-schema';
import type { BackendExecutor } from './executor';
import { createExecutor } from './executors';
import { benchToolsOnHost } from './host-tools';
import type { ExecutorFactory, RunContext } from './run-context';
import type { RunLog } from './run-log';
import type { OwnImage } from './run-workload-plan';
import { executorsFromTestSwitch } from './scripted-switch';
import { settleInOrder } from './settle-in-order';

function executorsOf(ctx: RunContext): ExecutorFactory {
  return ctx.executors ?? executorsFromTestSwitch() ?? createExecutor;
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
export async function startExecutors(
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

/**
 * A workload's own containers, when it runs in its own image (ownImageOf); disposed right after
 * it. They start together, as the bench containers do (startExecutors). A cancel while they start
 * disposes the ones that started here, since the run's clean-up does not know them.
 */
export async function ownExecutors(
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

/**
 * Every backend's executor removed at once: each removal is mostly the engine's (a container, a
 * volume, a FUSE unmount) and its own folder, none depends on another, and one by one they queued
 * several seconds per backend behind the answer. Each backend still reports its cleanup phase
 * first and its backend-done after, in the planned order.
 */
export async function disposeAll(
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
