// Harness accuracy: does a Mountbench sample agree with hyperfine run inside the same container on
// the same fixture (the published benchmarks' method)? Both run interleaved in one process, round
// after round, so drift in the machine's load hits both alike. The naive stopwatch around
// `docker exec` is printed beside them to show what timing from outside would have reported.
//
//   npx tsx bench/overhead.ts [--rounds 10] [--runs 3] [--mount bind,tmpfs] [--size default]
import { performance } from 'node:perf_hooks';
import { MountbenchError } from '../src/shared/errors';
import { SIZES, type SizeName } from '../src/shared/ids';
import { benchImageFor } from '../src/core/runner/image';
import { calibrate, timeOnce } from '../src/core/runner/time-sample';
import { shellQuote } from '../src/core/workloads/sample-script';
import { median } from '../src/core/stats';
import { medianInterval95, medianRatioInterval95 } from './lib/bootstrap';
import { workloadById } from '../src/core/workloads/registry';
import { loadLine } from './lib/bench-header';
import { choiceOption, countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';
import {
  BENCH_MOUNTS,
  startBenchContainer,
  type BenchContainer,
  type BenchMount,
} from './lib/bench-container';
import { openHyperfineBench } from './lib/hyperfine-bench';
import { DEFAULT_HYPERFINE } from './lib/hyperfine-image';
import { HYPERFINE_SHELLS, hyperfineSamples, type HyperfineShell } from './lib/hyperfine-run';
import { apiExecSeconds, cliEngineArgs, cliExecSeconds, dockerCliAvailable } from './lib/outside-timing';
import { ms, signedPercent, textTable } from './lib/text-table';

const WORKLOADS = ['small-file-read', 'dd-write'] as const;
type OverheadWorkload = (typeof WORKLOADS)[number];
/** The goal: Mountbench's median within ±3 % of hyperfine's. */
const GOAL = 0.03;

const USAGE = `Usage: npx tsx bench/overhead.ts [options]

Times small-file-read and dd-write through Mountbench's own sample (timeOnce less calibrate) and
through hyperfine inside the same bench container, interleaved, and prints the ratio of medians.

  --rounds <n>     interleaved rounds (default 20)
  --runs <n>       timed runs per side per round, each side after one warm-up (default 2)
  --mount <list>   bind, tmpfs (default bind)
  --workload <l>   ${WORKLOADS.join(', ')} (default both)
  --size <size>    ${SIZES.join(' or ')} (default default)
  --shell <sh>     hyperfine's shell: sh (its default, start-up subtracted) or none (-N) (default sh)
  --image <ref>    bench image to derive from (default MOUNTBENCH_IMAGE or the pinned BusyBox)
  --tag <ref>      tag of the derived image with hyperfine (default mountbench/bench:hyperfine)

Environment: HYPERFINE=/path/to/hyperfine (default ${DEFAULT_HYPERFINE}).`;

const OPTIONS: BenchOptions = {
  rounds: { type: 'string' },
  runs: { type: 'string' },
  mount: { type: 'string' },
  workload: { type: 'string' },
  size: { type: 'string' },
  shell: { type: 'string' },
  image: { type: 'string' },
  tag: { type: 'string' },
};

interface Values {
  rounds?: string;
  runs?: string;
  mount?: string;
  workload?: string;
  size?: string;
  shell?: string;
  image?: string;
  tag?: string;
}

interface Row {
  mount: BenchMount;
  workload: OverheadWorkload;
  fsType: string;
  clock: string;
  calibration: number;
  mountbench: number[];
  hyperfine: number[];
  roundRatios: number[];
  apiExec: number[];
  cliExec: number[];
}

function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

async function measureOne(
  container: BenchContainer,
  mount: BenchMount,
  id: OverheadWorkload,
  size: SizeName,
  settings: { rounds: number; runs: number; shell: HyperfineShell; cliArgs: string[] | null },
  signal: AbortSignal,
): Promise<Row> {
  const { executor, name } = container;
  const workload = workloadById(id);
  if (workload.kind !== 'script') throw new MountbenchError('INTERNAL', `${id} is not timed by a script`);
  // The case a run would time, with its untimed reset (neither workload has one today).
  const [{ script: body, reset }] = workload.cases(size);
  const workdir = executor.workdir(id);

  progress(`${mount} · ${id}: laying the fixture`);
  await executor.prepareWorkdir(id, workload.fixture(size), signal);
  if (workload.verifyScript) {
    const check = await executor.run(`cd ${shellQuote(workdir)} && ${workload.verifyScript(size)}`, signal);
    if (check.exitCode !== 0)
      throw new MountbenchError('WORKLOAD_FAILED', `the ${id} fixture is wrong: ${check.stderr.trim()}`);
  }
  const fsType = await executor.fsTypeOf(workdir, signal);
  const calibration = await calibrate(executor, workdir, signal);

  const row: Row = {
    mount,
    workload: id,
    fsType,
    clock: executor.clock?.name ?? 'none',
    calibration,
    mountbench: [],
    hyperfine: [],
    roundRatios: [],
    apiExec: [],
    cliExec: [],
  };
  // The sample exactly as measureWorkload takes it: one warm-up, then runs, calibration subtracted.
  const mountbenchSide = async (): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i <= settings.runs; i++) {
      const raw = await timeOnce(executor, workdir, body, reset, signal);
      if (i > 0) out.push(Math.max(0, raw.seconds - calibration));
    }
    return out;
  };
  const hyperfineSide = () =>
    hyperfineSamples(
      executor,
      { workdir, command: body, prepare: reset, runs: settings.runs, warmup: 1, shell: settings.shell },
      signal,
    );

  for (let round = 0; round < settings.rounds; round++) {
    const began = performance.now();
    // Alternate which side goes first, so neither always inherits the other's cache state.
    let ours: number[];
    let theirs: number[];
    if (round % 2 === 0) {
      ours = await mountbenchSide();
      theirs = await hyperfineSide();
    } else {
      theirs = await hyperfineSide();
      ours = await mountbenchSide();
    }
    row.mountbench.push(...ours);
    row.hyperfine.push(...theirs);
    row.roundRatios.push(median(ours) / median(theirs));
    for (let i = 0; i < settings.runs; i++) {
      row.apiExec.push(await apiExecSeconds(executor, workdir, body, reset, signal));
      if (settings.cliArgs)
        row.cliExec.push(await cliExecSeconds(settings.cliArgs, name, workdir, body, reset, signal));
    }
    progress(
      `${mount} · ${id}: round ${round + 1}/${settings.rounds}: mountbench ${ms(median(ours))}, ` +
        `hyperfine ${ms(median(theirs))} (${((performance.now() - began) / 1000).toFixed(1)} s, load ${loadLine()})`,
    );
  }
  return row;
}

function verdict(ratio: number): string {
  return Math.abs(ratio - 1) <= GOAL ? 'yes' : 'NO';
}

function interval({ low, high }: { low: number; high: number }): string {
  return `${low.toFixed(3)} … ${high.toFixed(3)}`;
}

function printResults(rows: Row[], settings: { rounds: number; runs: number; shell: HyperfineShell }): void {
  const accuracy = rows.map((r) => {
    const ratio = median(r.mountbench) / median(r.hyperfine);
    const paired = median(r.roundRatios);
    return [
      r.mount,
      r.workload,
      r.fsType,
      String(r.mountbench.length),
      ms(median(r.mountbench)),
      ms(median(r.hyperfine)),
      `${ratio.toFixed(3)} (${signedPercent(ratio - 1)})`,
      interval(medianRatioInterval95(r.mountbench, r.hyperfine)),
      verdict(ratio),
      `${paired.toFixed(3)} (${signedPercent(paired - 1)})`,
      interval(medianInterval95(r.roundRatios)),
      verdict(paired),
    ];
  });
  process.stdout.write(
    `\nHarness accuracy: Mountbench against hyperfine in the same container (goal ±${GOAL * 100} %)\n\n` +
      textTable(
        [
          'mount',
          'workload',
          'fs',
          'n/side',
          'Mountbench median',
          'hyperfine median',
          'ratio of medians',
          '95 % CI',
          '±3 %',
          'paired ratio',
          '95 % CI',
          '±3 %',
        ],
        accuracy,
        ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'left', 'left', 'right', 'left', 'left'],
      ) +
      '\n',
  );

  const outside = rows.map((r) => {
    const inside = median(r.mountbench);
    const api = median(r.apiExec);
    const cli = r.cliExec.length ? median(r.cliExec) : null;
    return [
      r.mount,
      r.workload,
      ms(inside),
      ms(api),
      signedPercent(api / inside - 1),
      cli === null ? 'n/a' : ms(cli),
      cli === null ? 'n/a' : signedPercent(cli / inside - 1),
    ];
  });
  process.stdout.write(
    '\nFor contrast: the same command timed from outside the container (host stopwatch around the exec)\n\n' +
      textTable(
        ['mount', 'workload', 'inside (Mountbench)', 'API exec', 'vs inside', 'docker exec CLI', 'vs inside'],
        outside,
        ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
      ) +
      '\n',
  );
  const calibrations = rows
    .map((r) => `${r.mount}/${r.workload} ${(r.calibration * 1e3).toFixed(3)} ms (${r.clock})`)
    .join(', ');
  process.stdout.write(
    `\nSettings: ${settings.rounds} rounds × ${settings.runs} runs per side, sides alternating first; ` +
      `each side warms up once per round. hyperfine: --warmup 1 --runs ${settings.runs} ` +
      `${settings.shell === 'sh' ? '--shell=sh (its start-up measured and subtracted by hyperfine)' : '-N with sh -c (sh start-up included)'}.\n` +
      'ratio = Mountbench median / hyperfine median; its 95 % CI is a percentile bootstrap over the samples; ' +
      "the paired ratio is the median of the per-round ratios (each round's Mountbench median over its " +
      "hyperfine median), which a change in the machine's load from one round to the next cannot tilt; " +
      'its 95 % CI is a bootstrap over the rounds.\n' +
      `Clock-read calibration subtracted from Mountbench samples: ${calibrations}.\n` +
      `Load at the end: ${loadLine()} (1, 5, 15 min).\n`,
  );
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const rounds = countOption('--rounds', values.rounds, 20, { min: 1, max: 1000 });
  const runs = countOption('--runs', values.runs, 2, { min: 1, max: 1000 });
  const mounts = listOption('--mount', values.mount, ['bind'], BENCH_MOUNTS);
  const workloads = listOption('--workload', values.workload, [...WORKLOADS], WORKLOADS);
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const shell = choiceOption('--shell', values.shell, 'sh', HYPERFINE_SHELLS);
  const baseImage = benchImageFor(values.image);
  const tag = values.tag ?? 'mountbench/bench:hyperfine';

  const { engine, docker, built } = await openHyperfineBench(
    'bench/overhead: harness accuracy against hyperfine',
    baseImage,
    tag,
    signal,
  );
  const cliArgs = (await dockerCliAvailable()) ? cliEngineArgs(engine) : null;
  process.stdout.write(
    `derived  ${built.tag}: ${built.hyperfine} + ${built.libraries.join(', ')}\n` +
      `size     ${size}; workloads ${workloads.join(', ')}; mounts ${mounts.join(', ')}\n`,
  );

  const rows: Row[] = [];
  for (const mount of mounts) {
    const container = await startBenchContainer(docker, built.tag, mount, 'overhead', signal);
    try {
      const version = await container.executor.run('hyperfine --version', signal);
      if (version.exitCode !== 0)
        throw new MountbenchError(
          'IMAGE_UNAVAILABLE',
          `hyperfine does not run in ${built.tag}: ${version.stderr.trim() || version.stdout.trim()}`,
        );
      if (mount === mounts[0]) process.stdout.write(`inside   ${version.stdout.trim()}\n`);
      for (const id of workloads) {
        rows.push(await measureOne(container, mount, id, size, { rounds, runs, shell, cliArgs }, signal));
      }
    } finally {
      await container.executor.dispose();
    }
  }
  printResults(rows, { rounds, runs, shell });
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
