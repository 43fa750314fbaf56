// The NFS volume's executor: a folder of the backend's own inside the export the environment
// names, mounted into a bench container as an NFS volume, and removed with it: the user's files
// beside it are never touched.
import { join } from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { removeTree } from '../fixtures/remove-tree';
import { findNfsExport } from '../nfs/nfs-export';
import { nfsVolumeOptions } from '../nfs/nfs-volume-options';
import { ContainerExecutor } from './container-executor';
import type { ExecutorStart } from './executor-start';

export const startNfsVolumeExecutor: ExecutorStart = async ({ ctx, base }) => {
  const lookup = findNfsExport(ctx.env ?? process.env);
  if (!lookup.found)
    throw new MountbenchError('BAD_INPUT', `the nfs-volume mount is unavailable here: ${lookup.reason}`);
  const hostRoot = join(lookup.found.path, base.name);
  return ContainerExecutor.start({
    ...base,
    mount: {
      kind: 'nfs-volume',
      volumeName: base.name,
      hostRoot,
      volume: nfsVolumeOptions(lookup.found, hostRoot),
    },
    release: () => removeTree(hostRoot),
  });
};
