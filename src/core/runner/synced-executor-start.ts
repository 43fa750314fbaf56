// A sync tool's executor (mutagen, docker-sync, Compose Watch): the tool found on PATH when the run
// was prepared (or now), run against the engine the bench containers run on.
import { isSyncMount, type SyncMountKind } from '../../shared/ids';
import { MountbenchError } from '../../shared/errors';
import { requireSyncTools } from '../sync/availability';
import type { ExecutorStart } from './executor-start';
import type { RunContext } from './run-context';
import { SyncedExecutor } from './synced-executor';

/** The run's environment, pointing sync tools at the engine the bench containers run on. */
function syncToolEnv(ctx: Pick<RunContext, 'env' | 'engine'>): NodeJS.ProcessEnv {
  const env = { ...(ctx.env ?? process.env) };
  const endpoint = ctx.engine?.endpoint ?? '';
  if (/^(unix|tcp|npipe):\/\//.test(endpoint)) {
    env.DOCKER_HOST = endpoint;
    delete env.DOCKER_CONTEXT;
  }
  return env;
}

async function syncExecutable(
  ctx: Pick<RunContext, 'syncTools' | 'env'>,
  mount: SyncMountKind,
): Promise<string> {
  return ctx.syncTools?.[mount] ?? (await requireSyncTools([mount], ctx.env ?? process.env))[mount]!;
}

export const startSyncedExecutor: ExecutorStart = async ({ ctx, backend, dir, base }) => {
  const tool = backend.mount;
  if (!isSyncMount(tool)) throw new MountbenchError('INTERNAL', `${tool} is not a sync tool's mount`);
  return SyncedExecutor.start({
    ...base,
    tool,
    executable: await syncExecutable(ctx, tool),
    env: syncToolEnv(ctx),
    dir,
  });
};
