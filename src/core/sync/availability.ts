// Which mounts can be measured on this machine. The sync mounts need their tool on the run's PATH
// (Compose Watch: a Docker Compose whose version has `watch`);
// without it they are listed as unavailable with the reason, and a run asking for one is refused
// before anything starts.
import { MountbenchError } from '../../shared/errors';
import { MOUNT_KINDS, isSyncMount, type MountKind, type SyncMountKind } from '../../shared/ids';
import { MOUNT_FACTS } from '../../shared/mounts';
import { findExecutable } from '../vocab/find-executable';
import { findComposeWithWatch } from './compose-watch';
import { findNfsExport } from '../nfs/nfs-export';
import { requireSyncShare, syncShareAvailability } from './sync-share-availability';

export interface MountAvailability {
  mount: MountKind;
  available: boolean;
  /** Why it cannot be measured here; null when it can. */
  reason: string | null;
}

/** Where each sync tool was found (absolute paths), for the mounts that were asked for. */
export type SyncTools = Partial<Record<SyncMountKind, string>>;

export async function syncMountAvailability(
  mount: SyncMountKind,
  env: NodeJS.ProcessEnv,
): Promise<{ available: boolean; reason: string | null; executable: string | null }> {
  if (mount === 'compose-watch') {
    const found = await findComposeWithWatch(env);
    return { available: found.executable !== null, reason: found.reason, executable: found.executable };
  }
  const executable = await findExecutable(mount, env);
  if (!executable) {
    return {
      available: false,
      reason: `${mount} is not installed (not on PATH)`,
      executable: null,
    };
  }
  return { available: true, reason: null, executable };
}

export async function mountAvailability(env: NodeJS.ProcessEnv): Promise<MountAvailability[]> {
  return Promise.all(
    MOUNT_KINDS.map(async (mount) => {
      const { needs } = MOUNT_FACTS[mount];
      if (needs === 'nfs-export') {
        const lookup = findNfsExport(env);
        return { mount, available: lookup.found !== null, reason: lookup.found ? null : lookup.reason };
      }
      if (needs === 'file-shares-api') return { mount, ...(await syncShareAvailability(env)) };
      if (!isSyncMount(mount)) return { mount, available: true, reason: null };
      const { available, reason } = await syncMountAvailability(mount, env);
      return { mount, available, reason };
    }),
  );
}

/**
 * The tools of the sync mounts asked for; throws, naming the reason, when one cannot run here
 * (`sync-share`: where Docker Desktop's file-shares API is absent or says the feature is off).
 */
export async function requireSyncTools(
  mounts: readonly MountKind[],
  env: NodeJS.ProcessEnv,
): Promise<SyncTools> {
  const tools: SyncTools = {};
  for (const mount of mounts) {
    if (MOUNT_FACTS[mount].needs === 'file-shares-api') await requireSyncShare(env);
    if (!isSyncMount(mount)) continue;
    const found = await syncMountAvailability(mount, env);
    if (!found.executable) {
      throw new MountbenchError('BAD_INPUT', `the ${mount} mount is unavailable here: ${found.reason}`);
    }
    tools[mount] = found.executable;
  }
  return tools;
}
