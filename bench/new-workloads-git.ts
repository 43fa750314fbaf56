// git-status and code-search (issue 26) at the default size, one run through executeRun as
// `mountbench run` drives it, on the native bind mount and the FUSE share (bindfs) of the local
// engine: the medians of every case, and the wall time split by phase (laying and committing the
// 47,000-file repository is most of it).
//
//   npx tsx bench/new-workloads-git.ts [--size default] [--runs 3] [--warmup 1] [--variant native,fuse]
import { SIZES, type SizeName } from '../src/shared/ids';
import type { RunRequest } from '../src/shared/run-plan';
import { prepareRun } from '../src/core/runner/prepare-run';
import { runPrepared } from './lib/run-prepared';
import { textTable as resultsTable } from '../src/cli/output/results-table';
import { benchHeader, loadLine } from './lib/bench-header';
import { choiceOption, countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';
import { PhaseClock } from './lib/phase-clock';
import { percent, textTable } from './lib/text-table';

const WORKLOADS = ['git-status', 'code-search'] as const;
const VARIANTS = ['native', 'fuse'] as const;
const PHASES = ['fixture', 'calibrate', 'warmup', 'timed'] as const;

const USAGE = `Usage: npx tsx bench/new-workloads-git.ts [options]

Runs git-status and code-search on the bind mount of the local engine's native and FUSE (bindfs)
variants through executeRun, and prints every case's figures and the wall time by phase.

  --size <size>        ${SIZES.join(' or ')} (default default)
  --runs <n>           timed runs per case (default 3)
  --warmup <n>         warm-up runs per case (default 1)
  --variant <list>     ${VARIANTS.join(', ')} (default both)`;

const OPTIONS: BenchOptions = {
  size: { type: 'string' },
  runs: { type: 'string' },
  warmup: { type: 'string' },
  variant: { type: 'string' },
};

interface Values {
  size?: string;
  runs?: string;
  warmup?: string;
  variant?: string;
}

function s(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const request: RunRequest = {
    mounts: ['bind'],
    variants: listOption('--variant', values.variant, [...VARIANTS], VARIANTS),
    workloads: [...WORKLOADS],
    size,
    runs: countOption('--runs', values.runs, 3, { min: 1, max: 1000 }),
    warmup: countOption('--warmup', values.warmup, 1, { min: 0, max: 100 }),
  };
  const began = performance.now();
  const prepared = await prepareRun(request);
  process.stdout.write(
    `${await benchHeader(
      'bench/new-workloads-git: git-status and code-search on native and FUSE bind mounts',
      prepared.docker && prepared.engine
        ? { docker: prepared.docker, endpoint: prepared.engine.endpoint, image: prepared.image }
        : null,
    )}\n` +
      `backends ${prepared.backends.map((b) => `${b.id} (${b.label})`).join(', ')}\n` +
      `plan     ${WORKLOADS.join(', ')}; size ${size}; ${request.warmup} warm-up + ${request.runs} timed runs per case\n`,
  );
  const clock = new PhaseClock();
  const run = await runPrepared(prepared, signal, {
    onEvent: (event) => {
      clock.handle(event);
      if (event.type === 'phase' && event.workloadId)
        process.stderr.write(`${event.workloadId}: ${event.phase} (load ${loadLine()})\n`);
    },
  });
  const wall = (performance.now() - began) / 1000;

  if (run.results.length) process.stdout.write(`\n${resultsTable(run.results)}\n`);
  for (const r of run.results)
    process.stdout.write(
      `ran in   ${r.backend.id} ${r.workload.id}${r.workload.case ? `:${r.workload.case}` : ''}: image ${r.image ?? '?'}, fs ${r.fsType ?? '?'}, first run ${r.firstRun ? s(r.firstRun.seconds) : '—'}\n`,
    );
  for (const skipped of run.skipped ?? [])
    process.stdout.write(`skipped  ${skipped.backendId} ${skipped.workloadId}: ${skipped.reason}\n`);
  for (const error of run.errors)
    process.stdout.write(`error    ${error.workloadId ?? error.backendId ?? 'run'}: ${error.message}\n`);
  const rows = WORKLOADS.map((id) => {
    const parts = PHASES.map((phase) => clock.seconds(id, phase));
    const total = parts.reduce((a, b) => a + b, 0);
    return [id, ...parts.map(s), s(total), percent(total / wall)];
  });
  process.stdout.write(
    `\nWall time ${s(wall)} (both backends), split by phase\n\n` +
      textTable(
        ['workload', 'fixture (lay, commit, check)', 'calibrate', 'warm-up', 'timed', 'total', 'of wall'],
        rows,
        ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
      ) +
      `\n\nRun status: ${run.status}. Load at the end: ${loadLine()} (1, 5, 15 min).\n`,
  );
  if (run.status !== 'completed' || run.errors.length) process.exitCode = 1;
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
