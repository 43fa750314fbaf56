// Fixture sizes fit for the TCG guest: an emulated CPU makes every 9p or sshfs request costly
// (2,000 files of 5 KB took 64-76 s to read through 9p, issue 25), so the VM suite and its bench
// script shrink the `quick` sizes of the workloads they run, in their own process only. Results
// record the parameters they ran with (workload.params), so a figure never passes for a quick one.
import { largeWrite } from '../../src/core/workloads/large-write';
import { metadataWalk } from '../../src/core/workloads/metadata-walk';
import { smallFileRead } from '../../src/core/workloads/small-file-read';
import { syncLatency } from '../../src/core/workloads/sync-latency';

export const TCG_SIZES = {
  'small-file-read': { files: 200, fileBytes: 5_120 },
  'large-write': { files: 2, blockBytes: 1_000_000, blocksPerFile: 4 },
  'metadata-walk': { branching: 2, depth: 3, filesPerDir: 4, fileBytes: 512, missing: 100 },
  'sync-latency': { edits: 3 },
} as const;

export function shrinkQuickSizesForTcg(): void {
  Object.assign(smallFileRead.sizes.quick, TCG_SIZES['small-file-read']);
  Object.assign(largeWrite.sizes.quick, TCG_SIZES['large-write']);
  Object.assign(metadataWalk.sizes.quick, TCG_SIZES['metadata-walk']);
  Object.assign(syncLatency.sizes.quick, TCG_SIZES['sync-latency']);
}
