// Every mount kind's facts, by id: typed to need every kind shared/ids.ts lists.
import type { MountKind } from '../ids';
import { BIND } from './bind';
import { COMPOSE_WATCH } from './compose-watch';
import { DOCKER_SYNC } from './docker-sync';
import { HOST } from './host';
import { LAYER } from './layer';
import type { Role } from '../roles';
import type { MountFacts, MountNeed } from './mount-facts';
import { MUTAGEN } from './mutagen';
import { NFS_VOLUME } from './nfs-volume';
import { SYNC_SHARE } from './sync-share';
import { TMPFS } from './tmpfs';
import { VOLUME } from './volume';

export type { MountFacts, MountNeed };

export const MOUNT_FACTS: Readonly<Record<MountKind, MountFacts>> = {
  bind: BIND,
  volume: VOLUME,
  tmpfs: TMPFS,
  layer: LAYER,
  host: HOST,
  mutagen: MUTAGEN,
  'docker-sync': DOCKER_SYNC,
  'compose-watch': COMPOSE_WATCH,
  'nfs-volume': NFS_VOLUME,
  'sync-share': SYNC_SHARE,
};

/** The role a mount can serve; null for the host baseline. */
export function roleOf(mount: MountKind): Role | null {
  return MOUNT_FACTS[mount].role;
}
