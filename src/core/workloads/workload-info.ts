// A workload as the front doors see it: its sizes in its own words, what each size costs for the
// estimate, and the mounts it cannot run on. The dashboard lists these; the sweep's dry run
// estimates with them, so Setup and the sweep say one time for one choice.
import type { WorkloadInfo } from '../../shared/api';
import type { EstimatedWorkload } from '../../shared/estimate';
import { MOUNT_KINDS } from '../../shared/ids';
import { unsupportedReason } from './unsupported-reason';
import type { Workload } from './workload';

/**
 * The mounts it cannot run on are the runner's own decision (unsupported-reason.ts), with the PATH
 * of `env` for the host baseline: a workload the run will skip is not counted.
 */
export function estimatedWorkload(w: Workload, env: NodeJS.ProcessEnv = process.env): EstimatedWorkload {
  return {
    cost: { default: w.cost('default'), quick: w.cost('quick') },
    unsupported: Object.fromEntries(
      MOUNT_KINDS.flatMap((mount) => {
        const reason = unsupportedReason(w, mount, env);
        return reason ? [[mount, reason]] : [];
      }),
    ),
  };
}

export function workloadInfo(w: Workload, env: NodeJS.ProcessEnv = process.env): WorkloadInfo {
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    sizes: w.sizes,
    sizeWords: { default: w.sizeWords('default'), quick: w.sizeWords('quick') },
    ...estimatedWorkload(w, env),
  };
}
