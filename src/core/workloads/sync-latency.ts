// What sync tools and file watchers live on: the host writes a file in the shared folder; how long
// until the container sees the new content, and does an inotify watcher in the container fire?
// The runner does the timing (measure-sync-latency.ts); this file says what is laid and where.
import type { MountKind } from '../../shared/ids';
import type { WorkloadDefinition } from './workload';
import { countWords } from '../../shared/size-format';

export interface SyncLatencyParams extends Record<string, number> {
  edits: number;
}

/** The file the host edits, inside a folder an inotify watcher can watch. */
export const SYNC_PROBE = 'watch/probe';

function notScripted(): never {
  throw new Error('sync-latency is timed by the runner, not by a script');
}

export const syncLatency: WorkloadDefinition<SyncLatencyParams> = {
  id: 'sync-latency',
  title: 'Sync latency',
  description: 'The host edits a file in the shared folder; time until the container sees the new content.',
  sizes: {
    default: { edits: 50 },
    quick: { edits: 10 },
  },
  sizeWords: ({ edits }) => `${countWords(edits)} edits`,
  // Its timed count is the number of edits, not the run count (runner: plannedExecutions).
  cost: ({ edits }) => ({ cases: 1, perExecution: 0.3, fixture: 0, fixedRuns: edits }),
  fixture: () => ({
    totalBytes: 6,
    entryCount: 2,
    entries: function* () {
      yield { type: 'dir', path: 'watch' };
      yield { type: 'file', path: SYNC_PROBE, size: 6, content: () => Buffer.from('start\n') };
    },
  }),
  script: notScripted,
  derive: notScripted,
  unsupportedOn: (mount: MountKind) =>
    mount === 'volume' || mount === 'tmpfs' || mount === 'layer'
      ? `the host cannot write into a ${mount === 'layer' ? 'container layer' : mount === 'volume' ? 'named volume' : 'tmpfs'}, so there is nothing to sync`
      : null,
};
