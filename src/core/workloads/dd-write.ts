// The published sequential-write benchmark, exactly as it ran: `dd` of 1 KiB blocks from /dev/zero.
// Like the original (hyperfine repeating the command), each sample overwrites the previous file,
// and by default right after an untimed run of itself: hyperfine's runs follow each other at once,
// so each dd meets the previous file's write-back, and the published figures include it (issue 22:
// 8-34 % slower than a sample that starts apart). `--sample-method spaced` measures without it.
import type { WorkloadDefinition } from './workload';
import { countWords, formatBytes } from '../../shared/size-format';

export interface DdWriteParams extends Record<string, number> {
  blockBytes: number;
  count: number;
}

export const ddWrite: WorkloadDefinition<DdWriteParams> = {
  id: 'dd-write',
  title: 'dd write',
  description: 'dd if=/dev/zero of=speedtest bs=1024: many small sequential writes.',
  sizes: {
    default: { blockBytes: 1_024, count: 100_000 },
    quick: { blockBytes: 1_024, count: 20_000 },
  },
  sizeWords: ({ blockBytes, count }) => `${countWords(count)} blocks × ${formatBytes(blockBytes)}`,
  cost: ({ count }) => ({ cases: 1, perExecution: count * 3.5e-5, fixture: 0 }),
  writes: true,
  sampleMethod: 'back-to-back',
  // Overwriting the same file again is the same work: a short dd is batched (back to back only).
  repeatable: true,
  fixture: () => null,
  script: ({ blockBytes, count }) =>
    `dd if=/dev/zero of=speedtest bs=${blockBytes} count=${count} 2>/dev/null`,
  derive: ({ blockBytes, count }, stats) => ({
    mbPerSecond: stats.median > 0 ? (blockBytes * count) / 1e6 / stats.median : 0,
  }),
};
