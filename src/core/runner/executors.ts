// Starts what a backend's workloads run in: the host itself for the host baseline, else the start
// of its mount kind (mount-executors.ts) with the options every container executor shares. Every
// executor is disposable, whatever happened before.
import { join } from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { MOUNTBENCH_NAME_PREFIX } from '../../shared/ids';
import type { Backend } from '../../shared/result-schema';
import { PAGE_RELOAD_PORT } from '../workloads/page-reload-app';
import type { BackendExecutor } from './executor';
import type { ContainerBase } from './executor-start';
import { HostExecutor } from './host-executor';
import type { HostTools } from './host-tools';
import { MOUNT_EXECUTORS } from './mount-executors';
import type { RunContext } from './run-context';
import { runWorkDir } from './run-work-dir';

export { runWorkDir } from './run-work-dir';

export async function createExecutor(
  ctx: RunContext,
  backend: Backend,
  index: number,
  image = ctx.image,
  suffix = '',
  hostTools?: HostTools,
): Promise<BackendExecutor> {
  const dir = join(runWorkDir(ctx.cacheDir, ctx.runId), `backend-${index}${suffix}`);
  if (backend.mount === 'host') return new HostExecutor(dir, hostTools);
  if (!ctx.docker) throw new MountbenchError('ENGINE_NOT_FOUND', `${backend.label} needs a Docker engine`);
  const name = `${MOUNTBENCH_NAME_PREFIX}${ctx.runId}-${index}${suffix}`;
  // page-reload's web app answers on a loopback port of the bench container: published at create,
  // as the engine only publishes then. The custom workload's own containers serve no page.
  const publish = ctx.request.workloads.includes('page-reload') && suffix === '' ? [PAGE_RELOAD_PORT] : [];
  // What the engine's VM spends is part of every container sample's cost, whatever the mount.
  const engineServing = ctx.engineServing ?? [];
  const base: ContainerBase = {
    docker: ctx.docker,
    image,
    name,
    runId: ctx.runId,
    signal: ctx.signal,
    ...(publish.length ? { publish } : {}),
    ...(engineServing.length ? { serving: engineServing } : {}),
  };
  return MOUNT_EXECUTORS[backend.mount]({ ctx, backend, dir, base });
}
