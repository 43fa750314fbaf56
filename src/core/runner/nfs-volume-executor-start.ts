// The NFS volume's executor: a folder of the backend's own inside the export the environment
// names, mounted into a bench container as an NFS volume, and removed with it: the user's files
// beside it are never touched.
import { join } from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { removeTree } from '../fixtures/remove-tree';
import { findNfsExport } from '../nfs/nfs-export';
import { NFS_FS_TYPES, nfsVolumeOptions } from '../nfs/nfs-driver-options';
import { MOUNT_FACTS } from '../../shared/mounts';
import { ContainerExecutor } from './container-executor';
import type { ExecutorStart } from './executor-start';

export const startNfsVolumeExecutor: ExecutorStart = async ({ ctx, backend, base }) => {
  const { label } = MOUNT_FACTS[backend.mount];
  const lookup = findNfsExport(ctx.env ?? process.env);
  if (!lookup.found)
    throw new MountbenchError('BAD_INPUT', `the ${label} is unavailable here: ${lookup.reason}`);
  const hostRoot = join(lookup.found.path, base.name);
  return ContainerExecutor.start({
    ...base,
    mount: {
      kind: 'volume',
      volumeName: base.name,
      hostServed: {
        hostRoot,
        options: nfsVolumeOptions(lookup.found, hostRoot),
        fsTypes: NFS_FS_TYPES,
        label,
      },
    },
    release: () => removeTree(hostRoot),
  });
};
