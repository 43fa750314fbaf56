// Starts the `sync-share` backend's executor: the product that serves synchronized file shares is
// asked through the registry for the capability (no product is named here), for the engine the run's containers run
// on, and the run's journal is leased before any share exists. Where shares are off, the backend
// fails to start with the product's reason and the run goes on without it.
import { MountbenchError } from '../../shared/errors';
import { capabilityOf } from '../products/registry';
import { dataDir } from '../vocab/data-paths';
import { engineSocketOf } from '../sync/sync-share-availability';
import type { RunContext } from './run-context';
import { leaseRunJournal } from './run-journal';
import { SyncShareExecutor, type SyncShareExecutorOptions } from './sync-share-executor';

/** What every backend's executor is given; the rest of the executor's options are found here. */
type Base = Pick<SyncShareExecutorOptions, 'docker' | 'image' | 'name' | 'runId' | 'signal' | 'publish'>;

export async function startSyncShareExecutor(
  ctx: RunContext,
  base: Base,
  dir: string,
): Promise<SyncShareExecutor> {
  const env = ctx.env ?? process.env;
  // The engine this run resolved, as prepareRun found it; else what the environment names.
  const endpoint = ctx.engine?.endpoint;
  const engineSocket = engineSocketOf(endpoint ? { DOCKER_HOST: endpoint } : env);
  const unavailable = (reason: string) =>
    new MountbenchError('BAD_INPUT', `the sync-share mount is unavailable here: ${reason}`);
  if (!engineSocket) throw unavailable(`the engine ${endpoint} is not a local unix socket`);
  const shares = capabilityOf('syncShares');
  if (!shares) throw unavailable('no product Mountbench knows serves synchronized file shares');
  const answer = await shares.availability(engineSocket, base.signal);
  if (!answer.available) throw unavailable(answer.reason ?? 'the product says no');
  const lease = await leaseRunJournal({
    runId: ctx.runId,
    dataDir: ctx.dataDir ?? dataDir({ env }),
    ...(ctx.journal ? { borrowed: ctx.journal } : {}),
  });
  return new SyncShareExecutor({ ...base, dir, engineSocket, lease, shares });
}
