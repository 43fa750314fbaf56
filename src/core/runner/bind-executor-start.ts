// The bind mount's executor: the backend's folder served to a bench container through its
// variant's share (the plain engine's own FUSE variants; another product's variants are settings
// switched before the run, so their bind mounts are plain folders here), with the run's shared
// fixture folders and a dependency folder in a volume where the plan splits one.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { dependencySplitOf } from '../../shared/backend-plan';
import type { Backend } from '../../shared/result-schema';
import { removeTree } from '../fixtures/remove-tree';
import type { ServingProcess } from '../host-processes/serving-cost';
import { dockerEngineShareOf } from '../providers/docker-engine';
import type { BindShare } from '../providers/provider-variant';
import { ContainerExecutor, type SharedFolders } from './container-executor';
import type { ExecutorStart } from './executor-start';
import type { RunContext } from './run-context';
import { runWorkDir } from './run-work-dir';
import { sharedFixtureWorkloads, sharedFixturesRoot, takesSharedFixtures } from './shared-fixtures';

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

export const startBindExecutor: ExecutorStart = async ({ ctx, backend, dir, base }) => {
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
              volumeName: `${base.name}-deps`,
              workloadId: dependencySplitOf(ctx.request)?.workloadId ?? 'custom',
              folder: backend.dependencyVolume,
            },
          }
        : {}),
    },
    serving: [...(base.serving ?? []), ...(share.serving ?? []), ...(shared?.serving ?? [])],
    release: async () => {
      await share.release();
      await shared?.release();
      await removeTree(dir);
    },
  });
};
