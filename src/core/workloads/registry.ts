// Every workload by id. `custom` is the one made per request (the user's command and folder), so it
// is resolved with the request; the others are fixed.
import type { WorkloadId } from '../../shared/ids';
import { WORKLOAD_IDS } from '../../shared/ids';
import { bufferedRead } from './buffered-read';
import { customWorkload, type CustomSpec } from './custom';
import { ddWrite } from './dd-write';
import { largeWrite } from './large-write';
import { metadataWalk } from './metadata-walk';
import { randomIo } from './random-io';
import { siteBuild } from './site-build';
import { smallFileRead } from './small-file-read';
import { syncLatency } from './sync-latency';
import { hostEditWorkload, scriptedWorkload, type Workload } from './workload';

export type FixedWorkloadId = Exclude<WorkloadId, 'custom'>;

const WORKLOADS: Record<FixedWorkloadId, Workload> = {
  'small-file-read': scriptedWorkload(smallFileRead),
  'dd-write': scriptedWorkload(ddWrite),
  'large-write': scriptedWorkload(largeWrite),
  'buffered-read': scriptedWorkload(bufferedRead),
  'site-build': scriptedWorkload(siteBuild),
  'metadata-walk': scriptedWorkload(metadataWalk),
  'sync-latency': hostEditWorkload(syncLatency),
  'random-io': scriptedWorkload(randomIo),
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
    return scriptedWorkload(customWorkload(custom, { allowOnHost: options.allowHostCommands }));
  return WORKLOADS[id];
}

/** The fixed workloads, in the order of WORKLOAD_IDS. */
export function allWorkloads(): Workload[] {
  return WORKLOAD_IDS.flatMap((id) => (id === 'custom' ? [] : [WORKLOADS[id]]));
}
