// One measurer per way a workload is timed (its `kind`), as hyperfine picks an executor: a new kind
// is its measurer's file and one line here. Script workloads race in interleaved rounds; the others
// run backend by backend with fixed counts: sync-latency is timed by host edits, page-reload by the
// runner's own requests, parallel-read fans out over several containers.
import type { Workload } from '../workloads/workload';
import { scriptMeasurer } from './measure-in-rounds';
import { measurePageReload } from './measure-page-reload';
import { measureParallel } from './measure-parallel';
import { measureSyncLatency } from './measure-sync-latency';
import { measurePerBackend, type Measurer } from './measurer';

export const MEASURERS: { [K in Workload['kind']]: Measurer<Extract<Workload, { kind: K }>> } = {
  script: scriptMeasurer,
  'host-edit': {
    planned: (workload, size, counts) => counts.warmup + workload.edits(size),
    measure: (input, workload) =>
      measurePerBackend(input, ({ executor, backend, hooks }) =>
        measureSyncLatency(executor, backend, workload, input.size, input.counts.warmup, hooks),
      ),
  },
  'web-request': {
    planned: (workload, size, counts) => 2 * counts.warmup + workload.requests(size) + workload.edits(size),
    measure: (input, workload) =>
      measurePerBackend(input, ({ executor, backend, hooks }) =>
        measurePageReload(executor, backend, workload, input.size, input.counts.warmup, hooks),
      ),
  },
  parallel: {
    planned: (workload, size, counts) => workload.cases(size).length * (counts.warmup + counts.runs),
    measure: (input, workload) =>
      measurePerBackend(input, ({ executor, backend, hooks }) =>
        measureParallel(executor, backend, workload, input.size, input.counts, hooks, input.sharedFixtures),
      ),
  },
};

/** The measurer of a workload's kind (the table is keyed by kind; TypeScript cannot see the pairing). */
export function measurerOf<W extends Workload>(workload: W): Measurer<W> {
  return MEASURERS[workload.kind] as unknown as Measurer<W>;
}
