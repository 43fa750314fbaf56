// What hyperfine subtracts from every run (issue 22, item 1): with a shell (its default, and the
// published runs'), hyperfine times `sh -c CMD` and takes off the *mean* time of 50 `sh -c ""`
// measured before the benchmark (src/benchmark/executor.rs, ShellExecutor::calibrate). Where the
// machine is busy that mean carries the slow outliers, so a typical run has more subtracted than
// its own shell cost: hyperfine's median reads low by about the spawn's mean less its median.
// This prints both, round by round, in the bench container on the same engine, with the load, so
// a ratio to hyperfine can be read with it. Nothing here is subtracted from anything.
//
//   npx tsx bench/hyperfine-spawn.ts [--rounds 10]
import { MountbenchError } from '../src/shared/errors';
import { benchImageFor } from '../src/core/runner/image';
import { mean, median } from '../src/core/stats';
import { loadLine } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { startBenchContainer } from './lib/bench-container';
import { openHyperfineBench } from './lib/hyperfine-bench';
import { DEFAULT_HYPERFINE } from './lib/hyperfine-image';
import { hyperfineSamples } from './lib/hyperfine-run';
import { ms, textTable } from './lib/text-table';

/** As many as hyperfine's own calibration takes. */
const SPAWNS = 50;

const USAGE = `Usage: npx tsx bench/hyperfine-spawn.ts [options]

Times \`sh -c ""\` ${SPAWNS} times per round with hyperfine -N in the bench container (what hyperfine's
shell calibration does) and prints the mean it would subtract beside the median.

  --rounds <n>     rounds (default 10)
  --image <ref>    bench image to derive from (default MOUNTBENCH_IMAGE or the pinned BusyBox)
  --tag <ref>      tag of the derived image with hyperfine (default mountbench/bench:hyperfine)

Environment: HYPERFINE=/path/to/hyperfine (default ${DEFAULT_HYPERFINE}).`;

const OPTIONS: BenchOptions = {
  rounds: { type: 'string' },
  image: { type: 'string' },
  tag: { type: 'string' },
};

interface Values {
  rounds?: string;
  image?: string;
  tag?: string;
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const rounds = countOption('--rounds', values.rounds, 10, { min: 1, max: 1000 });
  const baseImage = benchImageFor(values.image);
  const { docker, built } = await openHyperfineBench(
    'bench/hyperfine-spawn: the shell start-up hyperfine subtracts',
    baseImage,
    values.tag ?? 'mountbench/bench:hyperfine',
    signal,
  );
  const container = await startBenchContainer(docker, built.tag, 'bind', 'hyperfine-spawn', signal);
  const rows: string[][] = [];
  try {
    const workdir = container.executor.workdir('hyperfine-spawn');
    await container.executor.prepareWorkdir('hyperfine-spawn', null, signal);
    for (let round = 0; round < rounds; round++) {
      signal.throwIfAborted();
      // shell none: hyperfine -N runs `sh -c ''` itself, nothing subtracted, as its calibration does.
      const times = await hyperfineSamples(
        container.executor,
        { workdir, command: '', runs: SPAWNS, warmup: 0, shell: 'none' },
        signal,
      );
      if (times.length !== SPAWNS)
        throw new MountbenchError('WORKLOAD_FAILED', `hyperfine gave ${times.length} times`);
      const m = mean(times);
      const med = median(times);
      rows.push([String(round + 1), ms(m), ms(med), ms(m - med), ms(Math.max(...times)), loadLine()]);
      process.stderr.write(`round ${round + 1}/${rounds}: mean ${ms(m)}, median ${ms(med)}\n`);
    }
  } finally {
    await container.executor.dispose();
  }
  process.stdout.write(
    `\n\`sh -c ""\` in the bench container, ${SPAWNS} per round (hyperfine -N)\n\n` +
      textTable(
        ['round', 'mean (subtracted)', 'median', 'mean − median', 'slowest', 'load (1, 5, 15 min)'],
        rows,
        ['right', 'right', 'right', 'right', 'right', 'left'],
      ) +
      '\n\nmean: what hyperfine takes off every run; mean − median: about how far a typical run, whose own ' +
      'shell start is near the median, reads low for it. ms() rounds to 0.1 ms.\n',
  );
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
