// The published method against the clean one (issue 22, item 1): dd-write timed by the runner's own
// lane code in both sample methods (back-to-back, dd-write's default; spaced) and by hyperfine
// running the published command, all three in one bench container on the same bind folder, in
// rounds whose order rotates, so the machine's drift falls on every arm alike. Prints each
// method's ratio to hyperfine with intervals; the goal is the workload's own default method
// (dd-write: back-to-back) within ±3 % of hyperfine. `--workload small-file-read` is the control:
// a read leaves nothing for the next run to meet, so both methods should agree with hyperfine.
//
//   npx tsx bench/sample-method.ts [--workload dd-write] [--rounds 20] [--runs 3] [--mount bind] [--size default]
import { MountbenchError } from '../src/shared/errors';
import { SIZES, type SizeName } from '../src/shared/ids';
import type { Backend } from '../src/shared/result-schema';
import type { SampleMethod } from '../src/shared/run-plan';
import { benchImageFor } from '../src/core/runner/image';
import { laneShape } from '../src/core/runner/measure';
import type { MeasureHooks } from '../src/core/runner/measure-hooks';
import { roundOrder } from '../src/core/runner/round-order';
import { emptyLaneSamples, prepareLane, sampleLane, type Lane } from '../src/core/runner/workload-lane';
import { median } from '../src/core/stats';
import { workloadById } from '../src/core/workloads/registry';
import type { WorkloadCase } from '../src/core/workloads/workload';
import { medianInterval95, medianRatioInterval95 } from './lib/bootstrap';
import { loadLine } from './lib/bench-header';
import { choiceOption, countOption, runBench, type BenchOptions } from './lib/bench-main';
import { BENCH_MOUNTS, startBenchContainer, type BenchContainer } from './lib/bench-container';
import { openHyperfineBench } from './lib/hyperfine-bench';
import { DEFAULT_HYPERFINE } from './lib/hyperfine-image';
import { hyperfineSamples } from './lib/hyperfine-run';
import { ms, signedPercent, textTable } from './lib/text-table';

const GOAL = 0.03;
/** Published workloads timed by one script: the one the issue is about and its control. */
const WORKLOADS = ['dd-write', 'small-file-read'] as const;
type BenchWorkload = (typeof WORKLOADS)[number];
const METHODS: readonly SampleMethod[] = ['back-to-back', 'spaced'];
type Arm = SampleMethod | 'hyperfine';
const ARMS: readonly Arm[] = [...METHODS, 'hyperfine'];

const USAGE = `Usage: npx tsx bench/sample-method.ts [options]

Times a published workload in Mountbench's two sample methods (the runner's lane code: warm-up,
batching, calibration) and with hyperfine on the published command, in one container on the same
folder, in rotating rounds, and prints each method's ratio to hyperfine.

  --workload <id>  ${WORKLOADS.join(' or ')} (default dd-write; small-file-read is the control)
  --rounds <n>     rounds (default 20)
  --runs <n>       timed samples per arm per round, after one warm-up (default 3)
  --mount <m>      ${BENCH_MOUNTS.join(' or ')} (default bind)
  --size <size>    ${SIZES.join(' or ')} (default default)
  --image <ref>    bench image to derive from (default MOUNTBENCH_IMAGE or the pinned BusyBox)
  --tag <ref>      tag of the derived image with hyperfine (default mountbench/bench:hyperfine)

Environment: HYPERFINE=/path/to/hyperfine (default ${DEFAULT_HYPERFINE}).`;

const OPTIONS: BenchOptions = {
  workload: { type: 'string' },
  rounds: { type: 'string' },
  runs: { type: 'string' },
  mount: { type: 'string' },
  size: { type: 'string' },
  image: { type: 'string' },
  tag: { type: 'string' },
};

interface Values {
  workload?: string;
  rounds?: string;
  runs?: string;
  mount?: string;
  size?: string;
  image?: string;
  tag?: string;
}

interface ArmFigures {
  samples: number[];
  /** Per round: the arm's median. */
  roundMedians: number[];
  /** byPosition[k]: every round's k-th sample, to see whether a sample depends on how many ran before it. */
  byPosition: number[][];
  executions: number[];
}

function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

const quietHooks = (signal: AbortSignal): MeasureHooks => ({ signal, phase: () => {}, sample: () => {} });

async function methodLane(
  container: BenchContainer,
  workloadId: BenchWorkload,
  method: SampleMethod,
  size: SizeName,
  signal: AbortSignal,
): Promise<Lane> {
  const workload = workloadById(workloadId);
  const backend: Backend = {
    id: `bench/${method}`,
    provider: 'docker-engine',
    variant: null,
    mount: 'bind',
    label: method,
  };
  const shape = laneShape(workload, { sampleMethod: method }, { coldCache: false, synced: false });
  return prepareLane(container.executor, backend, workload, size, quietHooks(signal), shape);
}

/**
 * The goal is met only when the whole interval lies inside ±3 %, missed only when it lies wholly
 * outside: a point estimate inside the band with an interval of ±15 % says nothing (issue 22's
 * rule for the self-check, kept here too).
 */
function goalVerdict({ low, high }: { low: number; high: number }): string {
  if (low >= 1 - GOAL && high <= 1 + GOAL) return 'yes';
  if (high < 1 - GOAL || low > 1 + GOAL) return 'NO';
  return 'not shown (interval too wide)';
}

function interval({ low, high }: { low: number; high: number }): string {
  return `${low.toFixed(3)} … ${high.toFixed(3)}`;
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const rounds = countOption('--rounds', values.rounds, 20, { min: 2, max: 1000 });
  const runs = countOption('--runs', values.runs, 3, { min: 1, max: 1000 });
  const mount = choiceOption('--mount', values.mount, 'bind', BENCH_MOUNTS);
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const workloadId: BenchWorkload = choiceOption('--workload', values.workload, 'dd-write', WORKLOADS);
  const baseImage = benchImageFor(values.image);
  const tag = values.tag ?? 'mountbench/bench:hyperfine';
  const workload = workloadById(workloadId);
  if (workload.kind !== 'script') throw new MountbenchError('INTERNAL', `${workloadId} is timed by a script`);
  const [workloadCase] = workload.cases(size);
  const command = workloadCase.script;

  const { docker, built } = await openHyperfineBench(
    `bench/sample-method: ${workloadId}, back-to-back and spaced, against hyperfine`,
    baseImage,
    tag,
    signal,
  );
  const loads: string[] = [loadLine()];
  const figures = new Map<Arm, ArmFigures>(
    ARMS.map((arm) => [arm, { samples: [], roundMedians: [], executions: [], byPosition: [] }]),
  );
  const container = await startBenchContainer(docker, built.tag, mount, 'sample-method', signal);
  let fsType = '?';
  try {
    const version = await container.executor.run('hyperfine --version', signal);
    if (version.exitCode !== 0)
      throw new MountbenchError('IMAGE_UNAVAILABLE', `hyperfine does not run in ${built.tag}`);
    // Both lanes share the container and the workload folder: the same file on the same mount.
    const lanes = new Map<SampleMethod, Lane>();
    for (const method of METHODS)
      lanes.set(method, await methodLane(container, workloadId, method, size, signal));
    const workdir = lanes.get('spaced')!.workdir;
    fsType = lanes.get('spaced')!.fsType;
    for (let round = 0; round < rounds; round++) {
      const order = roundOrder(
        ARMS.map((_, i) => i),
        round,
      ).map((i) => ARMS[i]);
      const line: string[] = [];
      for (const arm of order) {
        signal.throwIfAborted();
        const f = figures.get(arm)!;
        let samples: number[];
        if (arm === 'hyperfine') {
          // The published method as it ran: --warmup 1, then the runs back to back, no --prepare.
          samples = await hyperfineSamples(
            container.executor,
            { workdir, command, runs, warmup: 1, shell: 'sh' },
            signal,
          );
        } else {
          const lane = lanes.get(arm)!;
          const taken = await laneSamples(lane, runs, workloadCase);
          samples = taken.samples;
          f.executions.push(taken.executions);
        }
        f.samples.push(...samples);
        f.roundMedians.push(median(samples));
        samples.forEach((x, k) => (f.byPosition[k] ??= []).push(x));
        line.push(`${arm} ${ms(median(samples))}`);
      }
      progress(`round ${round + 1}/${rounds}: ${line.join(', ')} (load ${loadLine()})`);
      if (round === Math.floor(rounds / 2)) loads.push(loadLine());
    }
  } finally {
    await container.executor.dispose();
  }
  loads.push(loadLine());
  printResults(figures, {
    workloadId,
    goal: workload.sampleMethod,
    rounds,
    runs,
    size,
    mount,
    fsType,
    loads,
  });
}

/** One warm-up then `runs` samples, exactly as a run's lane takes them. */
async function laneSamples(
  lane: Lane,
  runs: number,
  workloadCase: WorkloadCase,
): Promise<{ samples: number[]; executions: number }> {
  const into = emptyLaneSamples();
  await sampleLane(lane, workloadCase, false, true, into);
  for (let i = 0; i < runs; i++) await sampleLane(lane, workloadCase, false, false, into);
  return { samples: into.timed.map((t) => t.seconds), executions: into.executions };
}

function printResults(
  figures: Map<Arm, ArmFigures>,
  s: {
    workloadId: BenchWorkload;
    /** The workload's default method: the one that must agree with hyperfine. */
    goal: SampleMethod;
    rounds: number;
    runs: number;
    size: SizeName;
    mount: string;
    fsType: string;
    loads: string[];
  },
): void {
  const hyperfine = figures.get('hyperfine')!;
  const rows = METHODS.map((method) => {
    const f = figures.get(method)!;
    const ratio = median(f.samples) / median(hyperfine.samples);
    const ratioInterval = medianRatioInterval95(f.samples, hyperfine.samples);
    const paired = f.roundMedians.map((m, i) => m / hyperfine.roundMedians[i]);
    const pairedMedian = median(paired);
    const executions = [...new Set(f.executions)].sort((a, b) => a - b).join(', ');
    return [
      method,
      executions,
      String(f.samples.length),
      ms(median(f.samples)),
      ms(median(hyperfine.samples)),
      `${ratio.toFixed(3)} (${signedPercent(ratio - 1)})`,
      interval(ratioInterval),
      `${pairedMedian.toFixed(3)} (${signedPercent(pairedMedian - 1)})`,
      interval(medianInterval95(paired)),
      method === s.goal ? goalVerdict(ratioInterval) : '(not the goal)',
    ];
  });
  process.stdout.write(
    `\n${s.workloadId} (${s.size} size) on ${s.mount} (${s.fsType}): each method against hyperfine (goal: ${s.goal}, its default, within ±${GOAL * 100} %)\n\n` +
      textTable(
        [
          'method',
          'executions/sample',
          'n',
          'median',
          'hyperfine median',
          'ratio of medians',
          '95 % CI',
          'paired ratio',
          '95 % CI',
          '±3 %',
        ],
        rows,
        ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'right', 'left', 'left'],
      ) +
      '\n' +
      `\nSettings: ${s.rounds} rounds × ${s.runs} samples per arm, each arm warming up once per round, ` +
      'the order of the three arms rotating every round. hyperfine: --warmup 1 --runs ' +
      `${s.runs} --shell=sh, no --prepare (the published method). Mountbench: the runner's sampleLane, ` +
      'per execution (batched executions divided out), calibration subtracted.\n' +
      'ratio = method median / hyperfine median; 95 % CI: percentile bootstrap over the samples; paired ' +
      'ratio: median of the per-round ratios of medians, bootstrap over the rounds. ±3 %: yes only when the ' +
      "ratio of medians' interval lies inside 0.97 … 1.03, NO only when it lies outside.\n" +
      `Load (1, 5, 15 min): start ${s.loads[0]}, middle ${s.loads[1] ?? '?'}, end ${s.loads[s.loads.length - 1]}.\n`,
  );
  // hyperfine's run k follows k − 1 runs back to back; a Mountbench sample follows its one untimed
  // run. If a write's cost grows with the write-back piled up before it, it shows here by position.
  process.stdout.write(
    `\nMedian by position in the round (the k-th timed sample after the arm's warm-up):\n\n` +
      textTable(
        ['arm', ...figures.get('hyperfine')!.byPosition.map((_, k) => `#${k + 1}`)],
        ARMS.map((arm) => [arm, ...figures.get(arm)!.byPosition.map((xs) => ms(median(xs)))]),
        ['left', ...figures.get('hyperfine')!.byPosition.map(() => 'right' as const)],
      ) +
      '\n',
  );
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
