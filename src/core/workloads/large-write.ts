// Large sequential writes: the published Rancher Desktop storage benchmark wrote 5 files of 100 MB from
// one buffer already in memory, with no fsync, and reported the total MB over the summed time. `dd`
// from /dev/zero is the closest BusyBox and macOS both have: its "source" is a memory clear inside
// the kernel, so the figure is dominated by the writes. Every sample writes new files: the reset
// deletes the previous sample's files outside the timed part, as the original wrote fresh files.
import type { WorkloadDefinition } from './workload';
import { countWords, megabytes } from '../../shared/size-format';

export interface LargeWriteParams extends Record<string, number> {
  files: number;
  blockBytes: number;
  blocksPerFile: number;
}

export const LARGE_WRITE_PREFIX = 'large-';

export function largeWriteFileName(index: number): string {
  return `${LARGE_WRITE_PREFIX}${index}.bin`;
}

export function largeWriteTotalBytes({ files, blockBytes, blocksPerFile }: LargeWriteParams): number {
  return files * blockBytes * blocksPerFile;
}

export const largeWrite: WorkloadDefinition<LargeWriteParams> = {
  id: 'large-write',
  title: 'Large write',
  description: 'Write files from memory in 1 MB blocks with no fsync (dd from /dev/zero).',
  sizes: {
    // 100 MB in the SI sense, as the published figures' MB/s: 500 MB in all.
    default: { files: 5, blockBytes: 1_000_000, blocksPerFile: 100 },
    quick: { files: 5, blockBytes: 1_000_000, blocksPerFile: 8 },
  },
  sizeWords: ({ files, blockBytes, blocksPerFile }) =>
    `${countWords(files)} files × ${megabytes(blockBytes * blocksPerFile)}`,
  // About 1 ns per byte written.
  cost: (params) => ({ cases: 1, perExecution: largeWriteTotalBytes(params) * 1e-9, fixture: 0 }),
  writes: true,
  fixture: () => null,
  // One dd per file: five process starts are nothing against 500 MB of writes. dd's messages go to
  // stderr, which the runner shows only when a sample fails (a full disk, a read-only share).
  script: ({ files, blockBytes, blocksPerFile }) =>
    Array.from(
      { length: files },
      (_, i) =>
        `dd if=/dev/zero of=${largeWriteFileName(i)} bs=${blockBytes} count=${blocksPerFile} || ` +
        `{ echo "large-write: writing ${largeWriteFileName(i)} failed" >&2; exit 1; }`,
    ).join('\n'),
  resetScript: () => `rm -f ${LARGE_WRITE_PREFIX}*.bin`,
  // Fails early, with the sizes in the message, when the folder cannot hold the files: better than
  // a "No space left on device" in the middle of the timed runs. `df -Pk` prints the same columns
  // on BusyBox, GNU and macOS.
  verifyScript: (params) => {
    const neededKb = Math.ceil(largeWriteTotalBytes(params) / 1024);
    return [
      `avail=$(df -Pk . | awk 'NR==2 { print $4 }')`,
      `[ -n "$avail" ] || { echo "large-write: cannot read the free space of $(pwd)" >&2; exit 1; }`,
      `[ "$avail" -ge ${neededKb} ] || { echo "large-write needs ${neededKb} KiB free in $(pwd), it has $avail KiB" >&2; exit 1; }`,
    ].join('\n');
  },
  derive: (params, stats) => ({
    mbPerSecond: stats.median > 0 ? largeWriteTotalBytes(params) / 1e6 / stats.median : 0,
  }),
};
