// What each workload of a run needs before anything is measured: the workload itself (a test's
// stand-in where one is given), the backends it is skipped on and why, the executions it makes at
// least and at most (the range progress counts over), and the image it runs in when that is not
// the bench image.
import type { WorkloadId } from '../../shared/ids';
import type { RunEvent } from '../../shared/run-events';
import { dependencySplitOf } from '../../shared/backend-plan';
import { resolveWorkload } from '../workloads/registry';
import type { Workload } from '../workloads/workload';
import { unsupportedReason } from '../workloads/unsupported-reason';
import type { ImageRole } from './image';
import { mostExecutions, plannedExecutions } from './measure';
import type { RunContext } from './run-context';
import type { RunLog } from './run-log';
import { toolsImageFor } from './tools-image';

/** What a run says about its workloads: which, stood in for by a test, resolved where. */
export type WorkloadsOfRun = Pick<
  RunContext,
  'workloadsForTests' | 'request' | 'allowHostCommands' | 'cacheDir'
>;

export function workloadOf(ctx: WorkloadsOfRun, id: WorkloadId): Workload {
  const stand = ctx.workloadsForTests?.[id];
  if (stand) return stand;
  return resolveWorkload(id, ctx.request.custom, {
    allowHostCommands: ctx.allowHostCommands,
    cacheDir: ctx.cacheDir,
  });
}

export type WorkloadPlan = NonNullable<Extract<RunEvent, { type: 'planned' }>['workloadPlan']>;

/**
 * Skips what cannot run and counts, per workload, the executions the rest will make at least and
 * at most (a race stops between the two): the range progress and its ETA are computed over.
 */
export function planWorkloads(
  ctx: WorkloadsOfRun & Pick<RunContext, 'backends' | 'env'>,
  log: RunLog,
): WorkloadPlan {
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
export interface OwnImage {
  image: string;
  role: Extract<ImageRole, 'custom' | 'tools'>;
  suffix: string;
}

/**
 * The image a workload runs in when it is not the bench image: the custom workload's own image,
 * or the tools image for a workload needing git, node, npm, fio or php. Such a workload gets its
 * own container on each backend, made for it and removed after it. Null: the bench containers.
 */
export function ownImageOf(
  ctx: WorkloadsOfRun & Pick<RunContext, 'toolsImage' | 'env'>,
  workloadId: WorkloadId,
): OwnImage | null {
  if (workloadId === 'custom') {
    const image = ctx.request.custom?.image;
    return image ? { image, role: 'custom', suffix: '-custom' } : null;
  }
  if (!workloadOf(ctx, workloadId).needsTools.length) return null;
  return { image: ctx.toolsImage ?? toolsImageFor(undefined, ctx.env), role: 'tools', suffix: '-tools' };
}
