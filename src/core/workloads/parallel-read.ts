// Docker's Docker VMM performance checks run "four containers on small files at once": the
// small-file read (small-file-read.ts) in four containers on the same share together, since a
// share that is fast for one reader can serialise several (one FUSE daemon, one 9p channel).
// The runner starts the three more containers and times them together (measure-parallel.ts).
import type { MountKind } from '../../shared/ids';
import type { WorkloadDefinition } from './workload';
import { countWords, formatBytes } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';
import { smallFileRead } from './small-file-read';

export interface ParallelReadParams extends Record<string, number> {
  files: number;
  fileBytes: number;
  /** Containers reading at once, the backend's own among them. */
  parallel: number;
}

export const parallelRead: WorkloadDefinition<ParallelReadParams> = {
  id: 'parallel-read',
  title: 'Parallel read',
  description:
    'The small-file read in four containers on the same share at once; the slowest container’s time, and each one’s.',
  sizes: {
    default: { files: 20_000, fileBytes: 5_120, parallel: 4 },
    quick: { files: 2_000, fileBytes: 5_120, parallel: 4 },
  },
  sizeWords: ({ files, fileBytes, parallel }) =>
    `${countWords(parallel)} containers × ${countWords(files)} files × ${formatBytes(fileBytes)}`,
  // The readers share the disk and the CPUs: about as long as one reader on each core in turn.
  cost: ({ files, fileBytes, parallel }) => ({
    cases: 1,
    perExecution: files * 2.5e-4 * Math.max(1, parallel / 2),
    fixture: fixtureSeconds(files * fileBytes, files),
  }),
  readsOnly: true,
  fixture: (params) => smallFileRead.fixture(params),
  // The same single reader as small-file-read, its bytes counted: a reader that did not read every
  // file whole exits non-zero, and so fails the sample (wc's cost is in the figure, a pipe's worth).
  script: ({ files, fileBytes }) =>
    [
      `b=$(find files -type f | xargs -s 500000 cat | wc -c)`,
      `[ "$b" -eq ${files * fileBytes} ] || { echo "read $b bytes of ${files * fileBytes}: not every file" >&2; exit 1; }`,
    ].join('\n'),
  verifyScript: (params) => smallFileRead.verifyScript!(params),
  derive: ({ files }, stats) => ({ filesPerSecond: stats.median > 0 ? files / stats.median : 0 }),
  unsupportedOn: (mount: MountKind) => {
    if (mount === 'tmpfs' || mount === 'layer')
      return `a ${mount === 'tmpfs' ? 'tmpfs' : 'container layer'} belongs to one container: four cannot share it`;
    if (mount === 'mutagen' || mount === 'docker-sync' || mount === 'compose-watch')
      return `the synced container of ${mount} has no siblings on its share yet`;
    return null;
  },
};
