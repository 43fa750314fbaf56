// The published small-file benchmark: 20,000 files of 5,120 zero bytes, walked with `find` and
// read whole by one long-lived process (the original used one Ruby process).
import type { WorkloadDefinition } from './workload';
import { countWords, formatBytes } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';

export interface SmallFileReadParams extends Record<string, number> {
  files: number;
  fileBytes: number;
}

export const smallFileRead: WorkloadDefinition<SmallFileReadParams> = {
  id: 'small-file-read',
  title: 'Small-file read',
  description: 'Walk a flat folder and read every file whole in one long-lived reader process.',
  sizes: {
    default: { files: 20_000, fileBytes: 5_120 },
    quick: { files: 5_000, fileBytes: 5_120 },
  },
  sizeWords: ({ files, fileBytes }) => `${countWords(files)} files × ${formatBytes(fileBytes)}`,
  cost: ({ files, fileBytes }) => ({
    cases: 1,
    perExecution: files * 2.5e-4,
    fixture: fixtureSeconds(files * fileBytes, files),
  }),
  // Reading the same files again is the same work: a short walk is batched. Its published runs were
  // back to back too, but a read leaves no write-back for the next run to meet: measured against
  // hyperfine it agrees spaced (0.969-1.030, issue 22), so it keeps the spaced default.
  repeatable: true,
  // Only reads (no reset, no output): one host copy serves every bind-type backend of a run.
  readsOnly: true,
  fixture: ({ files, fileBytes }) => ({
    totalBytes: files * fileBytes,
    entryCount: files + 1,
    entries: function* () {
      yield { type: 'dir', path: 'files' };
      for (let i = 0; i < files; i++) yield { type: 'file', path: `files/${i}.bin`, size: fileBytes };
    },
  }),
  // xargs -s lets one `cat` take all 20,000 names (about 330 KB of arguments, under the argument
  // limit of Linux and macOS), so a single reader opens and reads every file whole, as the original
  // Ruby one-liner did. awk is no use here: BusyBox awk splits records at NUL bytes.
  script: () => 'find files -type f | xargs -s 500000 cat >/dev/null',
  verifyScript: ({ files, fileBytes }) =>
    [
      `n=$(find files -type f | wc -l)`,
      `[ "$n" -eq ${files} ] || { echo "fixture has $n files, expected ${files}" >&2; exit 1; }`,
      `b=$(find files -type f | xargs -s 500000 cat | wc -c)`,
      `[ "$b" -eq ${files * fileBytes} ] || { echo "fixture has $b bytes, expected ${files * fileBytes}" >&2; exit 1; }`,
    ].join('\n'),
  derive: ({ files }, stats) => ({ filesPerSecond: stats.median > 0 ? files / stats.median : 0 }),
};
