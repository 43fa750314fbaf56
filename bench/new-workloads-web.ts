// page-reload and parallel-read at default size on the plain engine's native bind mount and its
// FUSE (bindfs) share, through executeRun as `mountbench run` drives them, beside the one-reader
// small-file read for comparison: latency percentiles, the slowest of four readers against one,
// and the wall time of the whole run. Prints figures; asserts nothing.
//
//   npx tsx bench/new-workloads-web.ts [--size default] [--runs 5] [--warmup 1]
import { SIZES, type SizeName } from '../src/shared/ids';
import { choiceOption, countOption, runBench, type BenchOptions } from './lib/bench-main';
import { finishSharesRun, runOnShares } from './lib/run-on-shares';
import { ms, textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/new-workloads-web.ts [options]

Runs page-reload, parallel-read and small-file-read on the plain engine's native and fuse bind
mounts and prints page latency (p50, p95, first request), the slowest of four parallel readers and
each one's median, against one reader alone, and the wall time.

  --size <size>    ${SIZES.join(' or ')} (default default)
  --runs <n>       timed runs of parallel-read and small-file-read (default 5)
  --warmup <n>     warm-up runs (and untimed requests and edits of page-reload) (default 1)
  --image <ref>    bench image (default MOUNTBENCH_IMAGE or the pinned BusyBox)`;

const OPTIONS: BenchOptions = {
  size: { type: 'string' },
  runs: { type: 'string' },
  warmup: { type: 'string' },
  image: { type: 'string' },
};

interface Values {
  size?: string;
  runs?: string;
  warmup?: string;
  image?: string;
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const shares = await runOnShares(
    'bench/new-workloads-web: page-reload and parallel-read on native and FUSE bind mounts',
    {
      workloads: ['page-reload', 'parallel-read', 'small-file-read'],
      size,
      runs: countOption('--runs', values.runs, 5, { min: 1, max: 1000 }),
      warmup: countOption('--warmup', values.warmup, 1, { min: 0, max: 100 }),
      ...(values.image ? { image: values.image } : {}),
    },
    signal,
  );
  const { backends, find } = shares;

  const pageRows = backends.flatMap((b) =>
    ['no-edit', 'after-edit'].map((c) => {
      const r = find(b, 'page-reload', c);
      if (!r) return [b, c, 'failed', '', '', '', ''];
      return [
        b,
        c,
        r.fsType,
        String(r.stats.runs),
        ms(r.derived.p50Seconds),
        ms(r.derived.p95Seconds),
        c === 'no-edit'
          ? ms(r.derived.firstRequestSeconds)
          : `${r.derived.staleAnswersPerEdit.toFixed(2)} stale/edit`,
      ];
    }),
  );
  process.stdout.write(
    '\npage-reload (host requests, keep-alive off)\n\n' +
      textTable(['backend', 'case', 'fs', 'samples', 'p50', 'p95', 'first request / stale'], pageRows, [
        'left',
        'left',
        'left',
        'right',
        'right',
        'right',
        'right',
      ]) +
      '\n',
  );

  const parallelRows = backends.map((b) => {
    const r = find(b, 'parallel-read');
    const one = find(b, 'small-file-read');
    if (!r) return [b, 'failed', '', '', '', ''];
    const each = [1, 2, 3, 4].map((i) => ms(r.derived[`container${i}MedianSeconds`])).join(' / ');
    return [
      b,
      r.fsType,
      ms(r.stats.median),
      each,
      one ? ms(one.stats.median) : 'failed',
      one ? `${(r.stats.median / one.stats.median).toFixed(2)}×` : '',
    ];
  });
  process.stdout.write(
    '\nparallel-read (4 containers on one share) against small-file-read (1 reader), medians\n\n' +
      textTable(
        ['backend', 'fs', 'slowest of 4', 'each container', 'one reader', 'slowest / one'],
        parallelRows,
        ['left', 'left', 'right', 'right', 'right', 'right'],
      ) +
      '\n',
  );
  finishSharesRun(shares);
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
