// Every workload by id. `custom` is the one made per request (the user's command and folder), so it
// is resolved with the request; the others are fixed.
import type { WorkloadId } from '../../shared/ids';
import { WORKLOAD_IDS } from '../../shared/ids';
import { bufferedRead } from './buffered-read';
import { codeSearch } from './code-search';
import { customWorkload, type CustomSpec } from './custom';
import { ddWrite } from './dd-write';
import { gitStatus } from './git-status';
import { largeWrite } from './large-write';
import { metadataWalk } from './metadata-walk';
import { npmInstallWorkload } from './npm-install';
import { randomIo } from './random-io';
import { siteBuild } from './site-build';
import { smallFileRead } from './small-file-read';
import { syncLatency } from './sync-latency';
import { pageReload } from './page-reload';
import { parallelRead } from './parallel-read';
import {
  hostEditWorkload,
  parallelWorkload,
  scriptedWorkload,
  webRequestWorkload,
  type Workload,
} from './workload';

export type FixedWorkloadId = Exclude<WorkloadId, 'custom'>;

const WORKLOADS: Record<FixedWorkloadId, Workload> = {
  'small-file-read': scriptedWorkload(smallFileRead),
  'dd-write': scriptedWorkload(ddWrite),
  'large-write': scriptedWorkload(largeWrite),
  'buffered-read': scriptedWorkload(bufferedRead),
  'site-build': scriptedWorkload(siteBuild),
  'metadata-walk': scriptedWorkload(metadataWalk),
  'sync-latency': hostEditWorkload(syncLatency),
  'page-reload': webRequestWorkload(pageReload),
  'parallel-read': parallelWorkload(parallelRead),
  'git-status': scriptedWorkload(gitStatus),
  'code-search': scriptedWorkload(codeSearch),
  // Listed and estimated without a cache folder; a run resolves it with its own (resolveWorkload).
  'npm-install': scriptedWorkload(npmInstallWorkload(undefined)),
  'random-io': scriptedWorkload(randomIo),
};

export function workloadById(id: FixedWorkloadId): Workload {
  return WORKLOADS[id];
}

/** Any workload of a run request; `custom` needs the request's spec. */
export function resolveWorkload(
  id: WorkloadId,
  custom: CustomSpec | undefined,
  options: { allowHostCommands: boolean; cacheDir?: string },
): Workload {
  if (id === 'custom')
    return scriptedWorkload(customWorkload(custom, { allowOnHost: options.allowHostCommands }));
  if (id === 'npm-install' && options.cacheDir) return scriptedWorkload(npmInstallWorkload(options.cacheDir));
  return WORKLOADS[id];
}

/** The fixed workloads, in the order of WORKLOAD_IDS. */
export function allWorkloads(): Workload[] {
  return WORKLOAD_IDS.flatMap((id) => (id === 'custom' ? [] : [WORKLOADS[id]]));
}
