// The workload keys a profile may weigh: every workload id, and the cases of the workloads that
// report several results. Weights on anything else would silently weigh nothing, so they are refused.
import { WORKLOAD_IDS } from '../../shared/ids';

/**
 * buffered-read reports one result per read size (bytes per `read()` call); random-io one per fio
 * mode (random reads, random writes).
 */
const WORKLOAD_CASES: Record<string, readonly string[]> = {
  'buffered-read': ['128', '1024'],
  'random-io': ['randread', 'randwrite'],
};

export const KNOWN_WORKLOAD_KEYS: readonly string[] = [
  ...WORKLOAD_IDS,
  ...Object.entries(WORKLOAD_CASES).flatMap(([id, cases]) => cases.map((c) => `${id}:${c}`)),
];

export function isKnownWorkloadKey(key: string): boolean {
  return KNOWN_WORKLOAD_KEYS.includes(key);
}

/** The workload id of a key: `buffered-read` for `buffered-read:128`. */
export function workloadIdOfKey(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? key : key.slice(0, colon);
}
