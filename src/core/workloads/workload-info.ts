// A workload as the front doors see it: its sizes in its own words, what each size costs for the
// estimate, and the mounts it cannot run on. The dashboard lists these; the sweep's dry run
// estimates with them, so Setup and the sweep say one time for one choice.
import type { WorkloadInfo } from '../../shared/api';
import type { EstimatedWorkload } from '../../shared/estimate';
import { MOUNT_KINDS } from '../../shared/ids';
import type { Workload } from './workload';

export function estimatedWorkload(w: Workload): EstimatedWorkload {
  return {
    cost: { default: w.cost('default'), quick: w.cost('quick') },
    unsupported: Object.fromEntries(
      MOUNT_KINDS.flatMap((mount) => {
        const reason = w.unsupportedOn(mount);
        return reason ? [[mount, reason]] : [];
      }),
    ),
  };
}

export function workloadInfo(w: Workload): WorkloadInfo {
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    sizes: w.sizes,
    sizeWords: { default: w.sizeWords('default'), quick: w.sizeWords('quick') },
    ...estimatedWorkload(w),
  };
}
