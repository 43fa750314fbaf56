// The `mount` column of the published figures, in the write-ups' own words ("bind:cached",
// "docker-sync (unison)"), read into our mount kinds plus the detail the words carry.
import type { ComparisonRow } from '../../shared/comparison';
import { MOUNT_KINDS } from '../../shared/ids';

export interface PublishedMount {
  mount: ComparisonRow['backend']['mount'];
  /** `consistent` / `cached` / `delegated` on a bind mount, the sync strategy of docker-sync, a folder kept on a volume. */
  detail: string | null;
}

const SIMPLE = new Set<string>(MOUNT_KINDS);
const CONSISTENCY = /^bind:(consistent|cached|delegated)$/;
const SYNC_STRATEGY = /^docker-sync \(([a-z0-9 -]{1,40})\)$/;
/** A bind mount with one folder on a named volume ("bind+node_modules-volume", as backend ids write it). */
const DEPENDENCY_VOLUME = /^bind\+([A-Za-z0-9_.]{1,64})-volume$/;

/** Null when the text names no mount we know, so the loader can refuse the file. */
export function parsePublishedMount(text: string): PublishedMount | null {
  if (SIMPLE.has(text)) return { mount: text as PublishedMount['mount'], detail: null };
  const consistency = CONSISTENCY.exec(text);
  if (consistency) return { mount: 'bind', detail: consistency[1] };
  const sync = SYNC_STRATEGY.exec(text);
  if (sync) return { mount: 'docker-sync', detail: sync[1] };
  const dependency = DEPENDENCY_VOLUME.exec(text);
  if (dependency) return { mount: 'bind', detail: `${dependency[1]} in a named volume` };
  return null;
}
