// The `mount` column of the published figures, in the write-ups' own words ("bind:cached",
// "docker-sync (unison)"), read into our mount kinds plus the detail the words carry.
import type { ComparisonRow } from '../../shared/comparison';
import { MOUNT_KINDS } from '../../shared/ids';

export interface PublishedMount {
  mount: ComparisonRow['backend']['mount'];
  /** `consistent` / `cached` / `delegated` on a bind mount, the sync strategy of docker-sync. */
  detail: string | null;
}

const SIMPLE = new Set<string>(MOUNT_KINDS);
const CONSISTENCY = /^bind:(consistent|cached|delegated)$/;
const SYNC_STRATEGY = /^docker-sync \(([a-z0-9 -]{1,40})\)$/;

/** Null when the text names no mount we know, so the loader can refuse the file. */
export function parsePublishedMount(text: string): PublishedMount | null {
  if (SIMPLE.has(text)) return { mount: text as PublishedMount['mount'], detail: null };
  const consistency = CONSISTENCY.exec(text);
  if (consistency) return { mount: 'bind', detail: consistency[1] };
  const sync = SYNC_STRATEGY.exec(text);
  if (sync) return { mount: 'docker-sync', detail: sync[1] };
  return null;
}
