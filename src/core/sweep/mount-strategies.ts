// The sync mounts as the sweep proposal lists them: measured when their tool is on PATH, else
// unavailable with the reason (the same check a run makes before it starts).
import { SYNC_MOUNT_KINDS, type SyncMountKind } from '../../shared/ids';
import { syncMountAvailability } from '../sync/availability';

export interface MountStrategy {
  id: SyncMountKind;
  available: boolean;
  reason: string;
}

export async function mountStrategies(env: NodeJS.ProcessEnv): Promise<MountStrategy[]> {
  const out: MountStrategy[] = [];
  for (const id of SYNC_MOUNT_KINDS) {
    const found = await syncMountAvailability(id, env);
    out.push({
      id,
      available: found.available,
      reason: found.executable
        ? `${id} is installed (${found.executable}): measured when asked for (--mount ${id})`
        : (found.reason ?? `${id} is unavailable`),
    });
  }
  return out;
}
