// Small buffered reads: one file read whole with read() calls of 128 and of 1,024 bytes, the two
// buffer sizes of the published osxfs Go benchmark. `dd bs=N` issues exactly one read() of N bytes
// per block (and one write() to /dev/null, which never reaches a file system), so a sample is
// thousands of operations and the result is reported per read call, as Go's `testing.B` does.
import type { WorkloadCase, WorkloadDefinition } from './workload';
import { formatBytes } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';

export interface BufferedReadParams extends Record<string, number> {
  fileBytes: number;
}

export const BUFFERED_READ_FILE = 'buffered.bin';
export const BUFFERED_READ_SIZES = [128, 1_024] as const;

function readCase(fileBytes: number, readBytes: number): WorkloadCase {
  const ops = fileBytes / readBytes;
  return {
    id: String(readBytes),
    // dd's record counts go to stderr, which the runner shows only when a sample fails.
    script: `dd if=${BUFFERED_READ_FILE} of=/dev/null bs=${readBytes}`,
    opsPerSample: ops,
    // Reading the same file again does the same work: a short read is batched.
    repeatable: true,
    derive: (stats) => ({
      nsPerOp: (stats.median / ops) * 1e9,
      mbPerSecond: stats.median > 0 ? fileBytes / 1e6 / stats.median : 0,
    }),
  };
}

function notSingleCase(): never {
  throw new Error('buffered-read has one result per read size: use workloadCases()');
}

export const bufferedRead: WorkloadDefinition<BufferedReadParams> = {
  id: 'buffered-read',
  title: 'Buffered read',
  description: 'Read one file whole with read() calls of 128 and of 1,024 bytes; time per read call.',
  sizes: {
    // 64 MiB is 524,288 reads of 128 bytes: about a second where a read costs ~2 µs.
    default: { fileBytes: 64 * 1024 * 1024 },
    quick: { fileBytes: 4 * 1024 * 1024 },
  },
  sizeWords: ({ fileBytes }) => `one ${formatBytes(fileBytes)} file, read 128 B and 1 KiB at a time`,
  // About 2 µs per read call, averaged over the two read sizes.
  cost: ({ fileBytes }) => ({
    cases: BUFFERED_READ_SIZES.length,
    perExecution: ((fileBytes / 128 + fileBytes / 1024) / 2) * 2e-6,
    fixture: fixtureSeconds(fileBytes, 0),
  }),
  fixture: ({ fileBytes }) => ({
    totalBytes: fileBytes,
    entryCount: 1,
    entries: function* () {
      yield { type: 'file', path: BUFFERED_READ_FILE, size: fileBytes };
    },
  }),
  cases: ({ fileBytes }) => {
    for (const readBytes of BUFFERED_READ_SIZES) {
      if (fileBytes % readBytes !== 0)
        throw new Error(`buffered-read: ${fileBytes} is not a multiple of ${readBytes}`);
    }
    return BUFFERED_READ_SIZES.map((readBytes) => readCase(fileBytes, readBytes));
  },
  verifyScript: ({ fileBytes }) =>
    [
      `[ -f ${BUFFERED_READ_FILE} ] || { echo "buffered-read: ${BUFFERED_READ_FILE} is missing" >&2; exit 1; }`,
      // The size from the directory entry: reading the file here would warm the cache the first
      // (cold) sample is meant to meet.
      `b=$(ls -ln ${BUFFERED_READ_FILE} | awk '{ print $5 }')`,
      `[ "$b" -eq ${fileBytes} ] || { echo "buffered-read: ${BUFFERED_READ_FILE} has $b bytes, expected ${fileBytes}" >&2; exit 1; }`,
    ].join('\n'),
  script: notSingleCase,
  derive: notSingleCase,
};
