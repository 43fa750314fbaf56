// One executor start per mount kind that runs in a container (the host baseline needs no engine:
// executors.ts starts it). A new mount kind is its start's file and one line here; the table's
// type needs every kind.
import type { MountKind } from '../../shared/ids';
import { startBindExecutor } from './bind-executor-start';
import { ContainerExecutor } from './container-executor';
import type { ExecutorStart } from './executor-start';
import { startNfsVolumeExecutor } from './nfs-volume-executor-start';
import { startSyncShareExecutor } from './sync-share-start';
import { startSyncedExecutor } from './synced-executor-start';

export const MOUNT_EXECUTORS: Record<Exclude<MountKind, 'host'>, ExecutorStart> = {
  bind: startBindExecutor,
  volume: ({ base }) =>
    ContainerExecutor.start({ ...base, mount: { kind: 'volume', volumeName: base.name } }),
  tmpfs: ({ base }) => ContainerExecutor.start({ ...base, mount: { kind: 'tmpfs' } }),
  layer: ({ base }) => ContainerExecutor.start({ ...base, mount: { kind: 'layer' } }),
  'nfs-volume': startNfsVolumeExecutor,
  mutagen: startSyncedExecutor,
  'docker-sync': startSyncedExecutor,
  'compose-watch': startSyncedExecutor,
  'sync-share': ({ ctx, base, dir }) => startSyncShareExecutor(ctx, base, dir),
};
