// Starts what a backend's workloads run in: a bench container with the backend's mount, a synced
// container, or the host itself. Every executor is disposable, whatever happened before.
import { removeTree } from '../fixtures/remove-tree';
import { join } from 'node:path';
import { dependencySplitOf } from '../../shared/backend-plan';
import { MountbenchError } from '../../shared/errors';
import { MOUNTBENCH_NAME_PREFIX, type SyncMountKind } from '../../shared/ids';
import type { Backend } from '../../shared/result-schema';
import { mkdir } from 'node:fs/promises';
import { dockerEngineShareOf } from '../providers/docker-engine';
import { sharedFixtureWorkloads, sharedFixturesRoot, takesSharedFixtures } from './shared-fixtures';
import type { BindShare } from '../providers/provider-variant';
import type { ServingProcess } from '../host-processes/serving-cost';
import { requireSyncTools } from '../sync/availability';
import { ContainerExecutor, type SharedFolders } from './container-executor';
import type { BackendExecutor } from './executor';
import { HostExecutor } from './host-executor';
import type { HostTools } from './host-tools';
import type { RunContext } from './run-context';
import { SyncedExecutor } from './synced-executor';
import { PAGE_RELOAD_PORT } from '../workloads/page-reload-app';
import { findNfsExport } from '../nfs/nfs-export';
import { nfsVolumeOptions } from '../nfs/nfs-volume-options';
import { startSyncShareExecutor } from './sync-share-start';

export function runWorkDir(cacheDir: string, runId: string): string {
  return join(cacheDir, 'runs', runId);
}

/** `hostRoot` as the backend's bind mount serves it; `mountPoint` is where its own FUSE share goes. */
async function bindShareFor(backend: Backend, hostRoot: string, mountPoint: string): Promise<BindShare> {
  // Only the plain engine makes its own variants; other providers' variants are settings of the
  // product, switched before the run, so their bind mounts are plain folders here.
  if (backend.provider === 'docker-engine')
    return dockerEngineShareOf(backend.variant ?? 'native', hostRoot, mountPoint);
  return { hostRoot, source: hostRoot, release: async () => {} };
}

/** The run's shared fixture folders this backend mounts, served through its own share; null: none. */
async function sharedFoldersFor(
  ctx: RunContext,
  backend: Backend,
  dir: string,
): Promise<{ folders: SharedFolders; serving: ServingProcess[]; release(): Promise<void> } | null> {
  if (!takesSharedFixtures(backend)) return null;
  const workloads = sharedFixtureWorkloads(ctx.request);
  if (!workloads.length) return null;
  const root = sharedFixturesRoot(runWorkDir(ctx.cacheDir, ctx.runId));
  await mkdir(root, { recursive: true });
  const share = await bindShareFor(backend, root, join(dir, 'shared-share'));
  return {
    folders: { source: share.source, hostRoot: root, workloads },
    serving: share.serving ?? [],
    release: share.release,
  };
}

/** The run's environment, pointing sync tools at the engine the bench containers run on. */
function syncToolEnv(ctx: RunContext): NodeJS.ProcessEnv {
  const env = { ...(ctx.env ?? process.env) };
  const endpoint = ctx.engine?.endpoint ?? '';
  if (/^(unix|tcp|npipe):\/\//.test(endpoint)) {
    env.DOCKER_HOST = endpoint;
    delete env.DOCKER_CONTEXT;
  }
  return env;
}

async function syncExecutable(ctx: RunContext, mount: SyncMountKind): Promise<string> {
  return ctx.syncTools?.[mount] ?? (await requireSyncTools([mount], ctx.env ?? process.env))[mount]!;
}

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
  const base = {
    docker: ctx.docker,
    image,
    name,
    runId: ctx.runId,
    signal: ctx.signal,
    ...(publish.length ? { publish } : {}),
    ...(engineServing.length ? { serving: engineServing } : {}),
  };
  switch (backend.mount) {
    case 'bind': {
      const share = await bindShareFor(backend, join(dir, 'data'), join(dir, 'share'));
      const shared = await sharedFoldersFor(ctx, backend, dir).catch(async (err: unknown) => {
        await share.release().catch(() => {});
        throw err;
      });
      return ContainerExecutor.start({
        ...base,
        mount: {
          kind: 'bind',
          source: share.source,
          hostRoot: share.hostRoot,
          ...(shared ? { shared: shared.folders } : {}),
          ...(backend.dependencyVolume
            ? {
                dependency: {
                  volumeName: `${name}-deps`,
                  workloadId: dependencySplitOf(ctx.request)?.workloadId ?? 'custom',
                  folder: backend.dependencyVolume,
                },
              }
            : {}),
        },
        serving: [...engineServing, ...(share.serving ?? []), ...(shared?.serving ?? [])],
        release: async () => {
          await share.release();
          await shared?.release();
          await removeTree(dir);
        },
      });
    }
    case 'volume':
      return ContainerExecutor.start({ ...base, mount: { kind: 'volume', volumeName: name } });
    case 'nfs-volume': {
      const lookup = findNfsExport(ctx.env ?? process.env);
      if (!lookup.found)
        throw new MountbenchError('BAD_INPUT', `the nfs-volume mount is unavailable here: ${lookup.reason}`);
      // A folder of this backend's own inside the export, removed with it: the user's files beside
      // it are never touched.
      const hostRoot = join(lookup.found.path, name);
      return ContainerExecutor.start({
        ...base,
        mount: {
          kind: 'nfs-volume',
          volumeName: name,
          hostRoot,
          volume: nfsVolumeOptions(lookup.found, hostRoot),
        },
        release: () => removeTree(hostRoot),
      });
    }
    case 'tmpfs':
      return ContainerExecutor.start({ ...base, mount: { kind: 'tmpfs' } });
    case 'layer':
      return ContainerExecutor.start({ ...base, mount: { kind: 'layer' } });
    case 'mutagen':
    case 'docker-sync':
    case 'compose-watch':
      return SyncedExecutor.start({
        ...base,
        tool: backend.mount,
        executable: await syncExecutable(ctx, backend.mount),
        env: syncToolEnv(ctx),
        dir,
      });
    case 'sync-share':
      return startSyncShareExecutor(ctx, base, dir);
  }
}
