// Trade-offs and action of each ranked backend, with the figures they quote (sync-latency).
import type { BackendRef, BackendSetup, WorkloadRanking } from '../../shared/recommendation';
import type { ComparisonRow } from '../../shared/comparison';
import type { TradeOffContext } from './trade-offs';
import type { ActionOptions } from '../vocab/action-options';
import { actionFor } from './actions';
import { describeSetup } from '../vocab/setup-kind';
import { tradeOffs } from './trade-offs';

export const SYNC_LATENCY_KEY = 'sync-latency';

/** The host CPU of a backend's rows where it was read, each workload counted once. */
export function hostCpuOf(rows: readonly ComparisonRow[], backendKey: string): TradeOffContext['hostCpu'] {
  const read = rows.filter((r) => r.backend.key === backendKey && r.hostCpu !== undefined);
  if (!read.length) return null;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    cpuSeconds: mean(read.map((r) => r.hostCpu!)),
    sampleSeconds: mean(read.map((r) => r.mean)),
    workloads: new Set(read.map((r) => r.workload.key)).size,
  };
}

export function backendSetup(
  backend: BackendRef,
  rankings: readonly WorkloadRanking[],
  options: ActionOptions = {},
  rows: readonly ComparisonRow[] = [],
): BackendSetup {
  const setup = describeSetup(backend);
  const sync = rankings
    .find((r) => r.workloadKey === SYNC_LATENCY_KEY)
    ?.entries.find((e) => e.backend.key === backend.key);
  return {
    backend,
    tradeOffs: tradeOffs(setup, {
      syncLatency: sync ? sync.mean : null,
      hostCpu: hostCpuOf(rows, backend.key),
    }),
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
