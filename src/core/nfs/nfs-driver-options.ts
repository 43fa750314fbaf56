// The named volume an `nfs-volume` backend mounts: Docker's `local` driver with `type: nfs`, the
// shape Docker's docs give ("Create a service which creates an NFS volume"). The engine makes the
// NFS mount itself when a container first uses the volume, so a wrong address or export shows up
// at container start, not at volume create.
import type { NfsExport } from './nfs-export';

export interface NfsVolumeOptions {
  Driver: 'local';
  DriverOpts: { type: 'nfs'; o: string; device: string };
}

/**
 * `hard` so a slow server stalls a read rather than failing it (a failed read would be a wrong
 * figure); `nolock` because NFSv3 locking needs rpc.statd in the engine's VM, which Docker's VMs
 * do not run, and the workloads take no locks. NFSv4 carries locking in the protocol.
 */
export function nfsVolumeOptions(nfs: NfsExport, exportedFolder: string): NfsVolumeOptions {
  if (!exportedFolder.startsWith('/') || /[,\s]/.test(nfs.address))
    throw new Error(`not an NFS export: ${nfs.address}:${exportedFolder}`);
  const options = [`addr=${nfs.address}`, 'rw', 'hard', `nfsvers=${nfs.version}`];
  if (nfs.version === '3') options.push('nolock');
  return { Driver: 'local', DriverOpts: { type: 'nfs', o: options.join(','), device: `:${exportedFolder}` } };
}

/** The filesystem types /proc/mounts shows for an NFS mount (`nfs` for v2/v3, `nfs4` for v4.x). */
export const NFS_FS_TYPES: readonly string[] = ['nfs', 'nfs4'];
