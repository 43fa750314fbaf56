// Turns a profile into the shares the score uses on the workloads actually measured. A weight on a
// workload id covers its cases (buffered-read's 128 B and 1 KiB reads) by splitting evenly, so a
// workload with two results does not count twice. Workloads nobody measured are reported, not
// scored: they cannot favour any backend.
import type { Profile } from '../../shared/recommendation';
import { workloadIdOfKey } from './workload-keys';

export interface ResolvedWeights {
  /** Share of each measured workload key with a positive weight; the shares sum to 1. */
  shares: Map<string, number>;
  /** Keys the profile weighs that no backend measured. */
  unmeasured: string[];
}

export function resolveWeights(profile: Profile, measuredKeys: readonly string[]): ResolvedWeights {
  const keys = [...new Set(measuredKeys)];
  const named = (key: string) => Object.hasOwn(profile.weights, key);
  const raw = new Map<string, number>();
  for (const key of keys) {
    if (named(key)) {
      raw.set(key, profile.weights[key]);
      continue;
    }
    const id = workloadIdOfKey(key);
    // The id's weight goes to its cases not weighted by name.
    const siblings = keys.filter((k) => workloadIdOfKey(k) === id && !named(k)).length;
    const weight = named(id) ? profile.weights[id] : profile.otherWorkloads;
    raw.set(key, weight / siblings);
  }
  const total = [...raw.values()].reduce((s, w) => s + w, 0);
  const shares = new Map<string, number>();
  if (total > 0) for (const [key, w] of raw) if (w > 0) shares.set(key, w / total);
  const unmeasured = Object.entries(profile.weights)
    .filter(([key, w]) => w > 0 && !keys.some((k) => k === key || workloadIdOfKey(k) === key))
    .map(([key]) => key);
  return { shares, unmeasured };
}
