// What each workload is expected to cost and where it cannot run: what a front door needs to say
// how long a run or a sweep will take before its first sample (shared/estimate.ts adds it up).
import type { EstimatedWorkload } from '../../shared/estimate';
import type { WorkloadId } from '../../shared/ids';
import type { RunRequest } from '../../shared/run-plan';
import { resolveWorkload } from '../workloads/registry';
import { estimatedWorkload } from '../workloads/workload-info';

/**
 * The estimate of each workload, in order. A custom command is only read here, never run, so it
 * resolves as the CLI's own would (host commands allowed): an estimate must not refuse it.
 */
export function estimatedWorkloads(
  ids: readonly WorkloadId[],
  custom?: RunRequest['custom'],
): EstimatedWorkload[] {
  return ids.map((id) => estimatedWorkload(resolveWorkload(id, custom, { allowHostCommands: true })));
}
