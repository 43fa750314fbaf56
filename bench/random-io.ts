// random-io at default size (25,000 random 4 KiB reads, then writes, with fio in a 1 GiB file) on
// the plain engine's native bind mount and its FUSE (bindfs) share, through executeRun as
// `mountbench run` drives it: time per IO, IOPS, the first (cold) run apart, and the wall time
// of the whole run. Prints figures; asserts nothing.
//
//   MOUNTBENCH_TOOLS_IMAGE=mountbench/tools:offline npx tsx bench/random-io.ts [--size default] [--runs 5]
import { SIZES, type SizeName } from '../src/shared/ids';
import { choiceOption, countOption, runBench, type BenchOptions } from './lib/bench-main';
import { finishSharesRun, runOnShares } from './lib/run-on-shares';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/random-io.ts [options]

Runs random-io (fio, psync, 4 KiB random reads then writes) on the plain engine's native and
fuse bind mounts and prints µs per IO, IOPS, the first run and the wall time.

  --size <size>    ${SIZES.join(' or ')} (default default)
  --runs <n>       timed runs per case (default 5)
  --warmup <n>     warm-up runs per case (default 1)
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

const us = (seconds: number, ios: number) => `${((seconds / ios) * 1e6).toFixed(1)} µs`;

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const shares = await runOnShares(
    'bench/random-io: fio random 4 KiB reads and writes on native and FUSE bind mounts',
    {
      workloads: ['random-io'],
      size,
      runs: countOption('--runs', values.runs, 5, { min: 1, max: 1000 }),
      warmup: countOption('--warmup', values.warmup, 1, { min: 0, max: 100 }),
      ...(values.image ? { image: values.image } : {}),
    },
    signal,
  );
  const rows = shares.backends.flatMap((b) =>
    ['randread', 'randwrite'].map((mode) => {
      const r = shares.find(b, 'random-io', mode);
      if (!r) return [b, mode, 'failed', '', '', '', '', ''];
      const ios = r.opsPerSample ?? 1;
      return [
        b,
        mode,
        r.fsType,
        String(r.stats.runs),
        us(r.stats.median, ios),
        `${us(r.stats.min, ios)} … ${us(r.stats.max, ios)}`,
        String(Math.round(r.derived.iops ?? 0)),
        r.firstRun ? us(r.firstRun.seconds, ios) : '',
      ];
    }),
  );
  process.stdout.write(
    '\nrandom-io (per IO, medians; first = the first run after the file was laid)\n\n' +
      textTable(
        ['backend', 'case', 'fs', 'samples', 'median / IO', 'min … max / IO', 'IOPS', 'first / IO'],
        rows,
        ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right'],
      ) +
      '\n',
  );
  const images = new Map(shares.run.results.map((r) => [r.backend.id, r.image ?? '-']));
  for (const [backend, image] of images) process.stdout.write(`image    ${backend}: ${image}\n`);
  finishSharesRun(shares);
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
