// Executes a run. Every backend gets its executor (container, synced container or host) at the
// start and keeps it, with its fixtures, until the end; each workload is then measured on all of
// them together, in interleaved rounds (see rounds.ts). A failing backend or workload is recorded
// and the run goes on; a cancel stops at once. Whatever happens, every container, volume, FUSE
// mount and fixture the run made is removed before it returns: after the answer is reported
// (see executeRun), so the clean-up's seconds are not the user's wait for it. Its steps live
// beside it: run-workload-plan (what each workload needs), run-images, run-executors,
// run-workloads (the measuring), run-file (the answer) and run-log (what it gathers).
import { removeTree } from '../fixtures/remove-tree';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import type { BackendExecutor } from './executor';
import { runWorkDir } from './executors';
import { claimRunDir } from './leftovers';
import type { RunContext, RunPlan, RunReport, RunServices } from './run-context';
import { disposeAll } from './run-executors';
import { runFileOf } from './run-file';
import { ensureImages } from './run-images';
import { RunLog } from './run-log';
import { planWorkloads } from './run-workload-plan';
import { lookForOtherRuns, measureAll } from './run-workloads';
import { SharedFixtures, sharedFixturesRoot } from './shared-fixtures';

export type { ExecutorFactory, RunContext, RunPlan, RunReport, RunServices } from './run-context';
export { runParts } from './run-context';
export { CONCURRENT_STARTS } from './run-executors';
export { runWorkDir } from './executors';

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

/**
 * Runs the plan. The answer goes out first: `beforeDone` (the app saves the run, the CLI prints it)
 * is called as soon as the last workload is measured, followed by `run-answered` once the run is
 * stored (the dashboard opens the answer then), and the clean-up (every container, volume,
 * share and fixture, several seconds per backend) runs after it; `run-done` and the returned run
 * come only once the clean-up is over, so whoever waits for them finds nothing left behind, and
 * the dashboard shows the run as cleaning up until then. Problems of the clean-up are error events
 * and are in the returned run, and `afterCleanUp` stores the answered run again with them. A cancelled run has no
 * answer to hurry: it cleans up first, so its file says what the cancel left. What is measured,
 * who does the work and who hears of it come apart (run-context.ts: `runParts` takes a whole
 * context apart for whoever holds one).
 */
export async function executeRun(plan: RunPlan, services: RunServices, report: RunReport): Promise<RunFile> {
  const ctx: RunContext = { ...plan, ...services, ...report };
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
