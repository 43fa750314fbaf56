// Every workload by id. `custom` is the one made per request (the user's command and folder), so it
// is resolved with the request; the others are fixed.
import type { WorkloadId } from '../../shared/ids';
import { WORKLOAD_IDS } from '../../shared/ids';
import { bufferedRead } from './buffered-read';
import { customWorkload, type CustomSpec } from './custom';
import { ddWrite } from './dd-write';
import { largeWrite } from './large-write';
import { metadataWalk } from './metadata-walk';
import { siteBuild } from './site-build';
import { smallFileRead } from './small-file-read';
import { syncLatency } from './sync-latency';
import type { Workload } from './workload';

export type FixedWorkloadId = Exclude<WorkloadId, 'custom'>;

const WORKLOADS: Record<FixedWorkloadId, Workload> = {
  'small-file-read': smallFileRead as unknown as Workload,
  'dd-write': ddWrite as unknown as Workload,
  'large-write': largeWrite as unknown as Workload,
  'buffered-read': bufferedRead as unknown as Workload,
  'site-build': siteBuild as unknown as Workload,
  'metadata-walk': metadataWalk as unknown as Workload,
  'sync-latency': syncLatency as unknown as Workload,
};

export function workloadById(id: FixedWorkloadId): Workload {
  return WORKLOADS[id];
}

/** Any workload of a run request; `custom` needs the request's spec. */
export function resolveWorkload(
  id: WorkloadId,
  custom: CustomSpec | undefined,
  options: { allowHostCommands: boolean },
): Workload {
  if (id === 'custom')
    return customWorkload(custom, { allowOnHost: options.allowHostCommands }) as unknown as Workload;
  return WORKLOADS[id];
}

/** The fixed workloads, in the order of WORKLOAD_IDS. */
export function allWorkloads(): Workload[] {
  return WORKLOAD_IDS.flatMap((id) => (id === 'custom' ? [] : [WORKLOADS[id]]));
}
