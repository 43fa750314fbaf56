// Trade-offs and action of each ranked backend, with the figures they quote (sync-latency).
import type { BackendRef, BackendSetup, WorkloadRanking } from '../../shared/recommendation';
import type { ActionOptions } from './action-options';
import { actionFor } from './actions';
import { describeSetup } from './setup-kind';
import { tradeOffs } from './trade-offs';

export const SYNC_LATENCY_KEY = 'sync-latency';

export function backendSetup(
  backend: BackendRef,
  rankings: readonly WorkloadRanking[],
  options: ActionOptions = {},
): BackendSetup {
  const setup = describeSetup(backend);
  const sync = rankings
    .find((r) => r.workloadKey === SYNC_LATENCY_KEY)
    ?.entries.find((e) => e.backend.key === backend.key);
  return {
    backend,
    tradeOffs: tradeOffs(setup, { syncLatency: sync ? sync.mean : null }),
    action: actionFor(setup, options),
  };
}

/** Every backend that appears in the rankings, once. */
export function rankedBackends(rankings: readonly WorkloadRanking[]): BackendRef[] {
  const seen = new Map<string, BackendRef>();
  for (const r of rankings)
    for (const e of r.entries) if (!seen.has(e.backend.key)) seen.set(e.backend.key, e.backend);
  return [...seen.values()];
}
