// A full default run of every workload on one backend, through executeRun exactly as
// `mountbench run` drives it, with its wall time split by phase from the runner's own events:
// how long a user waits, and for what. The wait ends with the answer (the run is reported before
// its clean-up); the clean-up after it is shown on its own line, outside the wall.
//
//   npx tsx bench/full-run.ts [--mount tmpfs] [--variant native] [--runs 10] [--warmup 1]
import {
  MOUNT_KINDS,
  SIZES,
  WORKLOAD_IDS,
  type MountKind,
  type SizeName,
  type WorkloadId,
} from '../src/shared/ids';
import type { RunRequest } from '../src/shared/run-plan';
import { prepareRun } from '../src/core/runner/prepare-run';
import { runPrepared } from './lib/run-prepared';
import { textTable as resultsTable } from '../src/cli/output/results-table';
import { benchHeader, loadLine } from './lib/bench-header';
import { choiceOption, countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';
import { PhaseClock } from './lib/phase-clock';
import { percent, textTable } from './lib/text-table';

const FIXED_WORKLOADS = WORKLOAD_IDS.filter((id): id is Exclude<WorkloadId, 'custom'> => id !== 'custom');
const WORKLOAD_PHASES = ['fixture', 'calibrate', 'warmup', 'timed'] as const;

const USAGE = `Usage: npx tsx bench/full-run.ts [options]

Runs every workload (custom excepted) at the default size on one backend through executeRun and
prints the time to the answer and how it splits: setup, container start, fixture, calibration,
warm-up, timed runs; and the clean-up after the answer, apart.

  --mount <mount>    ${MOUNT_KINDS.join(', ')} (default tmpfs)
  --variant <id>     provider variant, e.g. native or fuse on a plain engine (default its first)
  --engine <name>    engine name from \`mountbench engines\` (default the current one)
  --workload <list>  ${FIXED_WORKLOADS.join(', ')} (default all)
  --size <size>      ${SIZES.join(' or ')} (default default)
  --runs <n>         timed runs per workload (default 10, as mountbench run)
  --warmup <n>       warm-up runs per workload (default 1, as mountbench run)
  --image <ref>      bench image (default MOUNTBENCH_IMAGE or the pinned BusyBox)`;

const OPTIONS: BenchOptions = {
  mount: { type: 'string' },
  variant: { type: 'string' },
  engine: { type: 'string' },
  workload: { type: 'string' },
  size: { type: 'string' },
  runs: { type: 'string' },
  warmup: { type: 'string' },
  image: { type: 'string' },
};

interface Values {
  mount?: string;
  variant?: string;
  engine?: string;
  workload?: string;
  size?: string;
  runs?: string;
  warmup?: string;
  image?: string;
}

function s(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}

function printSplit(
  clock: PhaseClock,
  workloads: WorkloadId[],
  prepareSeconds: number,
  notRun: Map<string, string>,
): void {
  // The user's wait: to the answer. The clean-up after it is shown apart, outside this wall.
  const wall = clock.answerSeconds() + prepareSeconds;
  const share = (seconds: number) => percent(seconds / wall);
  const rows = workloads.map((id) => {
    const parts = WORKLOAD_PHASES.map((phase) => clock.seconds(id, phase));
    const total = parts.reduce((a, b) => a + b, 0);
    const counts = clock.samples.get(id);
    return [
      id,
      ...parts.map(s),
      s(total),
      share(total),
      counts ? `${counts.warmup} + ${counts.timed}` : (notRun.get(id) ?? 'no samples'),
    ];
  });
  const other = (label: string, seconds: number, what: string) => [
    label,
    '',
    '',
    '',
    '',
    s(seconds),
    share(seconds),
    what,
  ];
  rows.push(
    other('(prepare)', prepareSeconds, 'find the engine, plan'),
    other('(setup)', clock.seconds(null, 'setup'), 'image check, run folder'),
    other('(container)', clock.seconds(null, 'container'), 'start the bench container'),
  );
  const after = clock.afterAnswerSeconds();
  const afterParts = [...clock.afterAnswer()].map(([part, seconds]) => `${part} ${s(seconds)}`).join(', ');
  process.stdout.write(
    `\nTime to the answer ${s(wall)}, split by phase; after it, ${s(after)} more of clean-up ` +
      `(${afterParts || 'none'}), not in the split\n\n` +
      textTable(
        [
          'workload',
          'fixture',
          'calibrate',
          'warm-up',
          'timed',
          'total',
          'of wall',
          'runs (warm-up + timed) / what',
        ],
        rows,
        ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
      ) +
      '\n',
  );
  const byPhase: [string, number][] = [
    ['fixture (lay, verify, fs type)', clock.partSeconds('fixture')],
    ['calibrate', clock.partSeconds('calibrate')],
    ['warm-up', clock.partSeconds('warmup')],
    ['timed runs', clock.partSeconds('timed')],
    ['container start', clock.seconds(null, 'container')],
    ['prepare + setup', prepareSeconds + clock.seconds(null, 'setup')],
  ];
  // The split rests on the runner announcing each lane's timed runs; said loudly if it did not.
  const timedSamples = [...clock.samples.values()].reduce((sum, c) => sum + c.timed, 0);
  if (timedSamples > 0 && clock.partSeconds('timed') === 0)
    process.stdout.write(
      `\nWARNING: ${timedSamples} timed samples but no 'timed' phase event: the split below charges them to other phases.\n`,
    );
  process.stdout.write(
    '\nBy phase\n\n' +
      textTable(
        ['phase', 'seconds', 'of wall'],
        [
          ...byPhase.map(([label, seconds]) => [label, s(seconds), share(seconds)]),
          ['(after the answer: clean-up)', s(after), ''],
        ],
        ['left', 'right', 'right'],
      ) +
      '\n',
  );
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const mount: MountKind = choiceOption('--mount', values.mount, 'tmpfs', MOUNT_KINDS);
  const workloads = listOption('--workload', values.workload, [...FIXED_WORKLOADS], FIXED_WORKLOADS);
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const request: RunRequest = {
    mounts: [mount],
    workloads,
    size,
    runs: countOption('--runs', values.runs, 10, { min: 1, max: 1000 }),
    warmup: countOption('--warmup', values.warmup, 1, { min: 0, max: 100 }),
    ...(values.variant ? { variants: [values.variant] } : {}),
    ...(values.engine ? { engine: values.engine } : {}),
    ...(values.image ? { image: values.image } : {}),
  };

  const preparing = performance.now();
  const prepared = await prepareRun(request);
  const prepareSeconds = (performance.now() - preparing) / 1000;
  process.stdout.write(
    `${await benchHeader(
      'bench/full-run: a full default run on one backend',
      prepared.docker && prepared.engine
        ? { docker: prepared.docker, endpoint: prepared.engine.endpoint, image: prepared.image }
        : null,
    )}\n` +
      `backend  ${prepared.backends.map((b) => `${b.id} (${b.label})`).join(', ')}\n` +
      `plan     ${workloads.join(', ')}; size ${size}; ${request.warmup} warm-up + ${request.runs} timed runs each\n`,
  );

  const clock = new PhaseClock();
  const run = await runPrepared(prepared, signal, {
    beforeDone: async () => clock.answered(),
    onEvent: (event) => {
      clock.handle(event);
      if (event.type === 'phase' && event.workloadId)
        process.stderr.write(`${event.workloadId}: ${event.phase} (load ${loadLine()})\n`);
    },
  });

  if (run.results.length) process.stdout.write(`\n${resultsTable(run.results)}\n`);
  for (const skipped of run.skipped ?? [])
    process.stdout.write(`skipped  ${skipped.workloadId}: ${skipped.reason}\n`);
  for (const error of run.errors)
    process.stdout.write(`error    ${error.workloadId ?? error.backendId ?? 'run'}: ${error.message}\n`);
  const notRun = new Map<string, string>([
    ...(run.skipped ?? []).map((x): [string, string] => [x.workloadId, 'skipped on this mount']),
    ...run.errors.flatMap((e): [string, string][] => (e.workloadId ? [[e.workloadId, 'failed']] : [])),
  ]);
  printSplit(clock, workloads, prepareSeconds, notRun);
  process.stdout.write(`\nRun status: ${run.status}. Load at the end: ${loadLine()} (1, 5, 15 min).\n`);
  if (run.status !== 'completed' || run.errors.length) process.exitCode = 1;
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
