import { WORKLOAD_IDS, type WorkloadId } from '../../../shared/ids';
import { ddWrite } from './dd-write';
import { smallFileRead } from './small-file-read';
import type { Workload, WorkloadParams } from './workload';

const WORKLOADS: Record<WorkloadId, Workload> = {
  'small-file-read': smallFileRead as unknown as Workload,
  'dd-write': ddWrite as unknown as Workload,
};

export function workloadById(id: WorkloadId): Workload<WorkloadParams> {
  return WORKLOADS[id];
}

export function allWorkloads(): Workload[] {
  return WORKLOAD_IDS.map((id) => WORKLOADS[id]);
}
