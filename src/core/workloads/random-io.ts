// Random 4 KiB reads, then random 4 KiB writes, in one file on the share, with fio: the random-I/O
// check of Docker's Docker VMM performance checks (25,000 × 4 KiB, `psync`, validity from fio's
// own issued counts). A database's or a language server's index files are read and written this
// way, not streamed. fio runs in the tools image (needsTools); its JSON report says how many IOs
// it issued, and the timed script fails the sample unless that is the number asked for.
import { formatBytes, countWords } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';
import type { WorkloadCase, WorkloadDefinition } from './workload';

export interface RandomIoParams extends Record<string, number> {
  fileBytes: number;
  /** IOs per case: reads in `randread`, writes in `randwrite`. */
  ios: number;
}

export const RANDOM_IO_FILE = 'random-io.bin';
export const RANDOM_IO_BLOCK_BYTES = 4_096;
export const RANDOM_IO_MODES = ['randread', 'randwrite'] as const;
export type RandomIoMode = (typeof RANDOM_IO_MODES)[number];

/** The section of fio's JSON report that counts a mode's IOs. */
const SECTION: Record<RandomIoMode, string> = { randread: 'read', randwrite: 'write' };

/**
 * fio in one process, one job, synchronous `pread`/`pwrite` (psync) of 4 KiB at random offsets of
 * the laid file, stopping after `ios` of them (`--io_size`), the page cache left as it is. Writes
 * are not forced to disk, as in the anchor ("which matches how most applications write"). The report goes to a
 * temporary file outside the share, so the share sees only the IOs measured.
 */
export function fioCommand(fileBytes: number, ios: number, mode: RandomIoMode, report: string): string {
  return [
    'fio --name=mountbench --ioengine=psync --numjobs=1 --iodepth=1',
    `--filename=${RANDOM_IO_FILE} --size=${fileBytes} --bs=${RANDOM_IO_BLOCK_BYTES} --rw=${mode}`,
    `--io_size=${ios * RANDOM_IO_BLOCK_BYTES}`,
    // fio's default (invalidate=1) drops the file's cached pages before the job, which a native
    // disk honours and a FUSE share did not: native reads were then cold, FUSE reads warm (5× the
    // other way round on this machine). Cold is the runner's to make alike (first run, cold-cache mode).
    '--invalidate=0',
    `--output-format=json --output="${report}"`,
  ].join(' ');
}

/**
 * Exits non-zero, saying what fio did, unless its report counts exactly `ios` IOs of the mode's
 * kind and no job error: a fio that stopped early (a short file, a full disk, a read error) must
 * fail the sample, not pass as a fast one. The report is fio's JSON, read line by line (no JSON
 * tool in the image): `"read" : {` opens the section whose `"total_ios" : N,` is the count.
 */
export function issuedCheck(ios: number, mode: RandomIoMode, report: string): string {
  const section = SECTION[mode];
  return [
    `mb_issued=$(awk -v want=${ios} -v section=${section} '`,
    '  $1 == "\\"" section "\\"" && $3 == "{" { inside = 1; next }',
    '  inside && $1 == "\\"total_ios\\"" { got = $3; gsub(/[^0-9]/, "", got); inside = 0 }',
    '  $1 == "\\"error\\"" { e = $3; gsub(/[^0-9]/, "", e); if (e + 0 != 0) failed = e }',
    '  END {',
    '    if (failed != "") { print "fio reported error " failed; exit 1 }',
    '    if (got == "") { print "fio reported no " section " count"; exit 1 }',
    '    if (got + 0 != want) { print "fio issued " got " " section "s, " want " were asked"; exit 1 }',
    `  }' "${report}")`,
    'mb_status=$?',
    `rm -f "${report}"`,
    'if [ "$mb_status" -ne 0 ]; then echo "random-io: $mb_issued" >&2; exit 1; fi',
  ].join('\n');
}

/** The timed script of one mode: fio, then the check of its count, both inside the timing. */
export function randomIoScript(fileBytes: number, ios: number, mode: RandomIoMode, checkedIos = ios): string {
  // $$ keeps two backends' reports apart on the host baseline, where /tmp is shared.
  const report = `\${TMPDIR:-/tmp}/mountbench-fio-$$.json`;
  return [
    `if ! ${fioCommand(fileBytes, ios, mode, report)}; then rm -f "${report}"; exit 1; fi`,
    issuedCheck(checkedIos, mode, report),
  ].join('\n');
}

function modeCase({ fileBytes, ios }: RandomIoParams, mode: RandomIoMode): WorkloadCase {
  return {
    id: mode,
    script: randomIoScript(fileBytes, ios, mode),
    opsPerSample: ios,
    // fio's start-up is tens of milliseconds; each sample is one fio, unbatched.
    repeatable: false,
    derive: (stats) => ({
      iops: stats.median > 0 ? ios / stats.median : 0,
      usPerOp: (stats.median / ios) * 1e6,
    }),
  };
}

function notSingleCase(): never {
  throw new Error('random-io has one result per mode (randread, randwrite): use workloadCases()');
}

export const randomIo: WorkloadDefinition<RandomIoParams> = {
  id: 'random-io',
  title: 'Random I/O',
  description:
    'fio: random 4 KiB reads, then random 4 KiB writes (psync), in one large file; time per IO, checked against fio’s own count.',
  sizes: {
    // Docker's Docker VMM performance checks: 25,000 random 4 KiB IOs in a 1 GB file (fio's 1g: GiB).
    default: { fileBytes: 1024 * 1024 * 1024, ios: 25_000 },
    quick: { fileBytes: 16 * 1024 * 1024, ios: 2_000 },
  },
  sizeWords: ({ fileBytes, ios }) =>
    `${countWords(ios)} random 4 KiB reads and writes in a ${formatBytes(fileBytes)} file`,
  // About 20 µs per IO on a shared folder, plus fio's start-up.
  cost: ({ fileBytes, ios }) => ({
    cases: RANDOM_IO_MODES.length,
    perExecution: ios * 2e-5 + 0.05,
    fixture: fixtureSeconds(fileBytes, 1),
  }),
  fixture: ({ fileBytes }) => ({
    totalBytes: fileBytes,
    entryCount: 1,
    entries: function* () {
      yield { type: 'file', path: RANDOM_IO_FILE, size: fileBytes };
    },
  }),
  // fio would lay (extend) a short file inside the timed part: refuse one before timing.
  verifyScript: ({ fileBytes }) =>
    [
      'command -v fio >/dev/null || { echo "random-io: fio is not installed here" >&2; exit 1; }',
      `mb_size=$(wc -c < ${RANDOM_IO_FILE})`,
      `[ "$mb_size" -eq ${fileBytes} ] || { echo "random-io: ${RANDOM_IO_FILE} has $mb_size bytes, ${fileBytes} were laid" >&2; exit 1; }`,
    ].join('\n'),
  cases: (params) => RANDOM_IO_MODES.map((mode) => modeCase(params, mode)),
  script: notSingleCase,
  derive: notSingleCase,
  // randwrite changes the file's content: every backend lays its own copy.
  writes: true,
  needsTools: ['fio'],
};
