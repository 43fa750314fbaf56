// npm-install at its default size (the 2025 comparison's create-react-app lockfile, 1,399 packages)
// through executeRun exactly as `mountbench run` drives it: on the native bind mount and the FUSE
// share, each with and without node_modules in a named volume (and any other layout asked for),
// in the tools image. Prints the figures, the layout verdict, the wall time, and the peak memory
// of this process (Mountbench itself: the runner fetching the cache and streaming it into every
// backend) against the 150 MB goal.
//
//   MOUNTBENCH_TOOLS_IMAGE=mountbench/tools:offline npx tsx bench/new-workloads-npm.ts [--runs 3]
import { MOUNT_KINDS, SIZES, type MountKind, type SizeName } from '../src/shared/ids';
import { npmLayoutSentence } from '../src/shared/npm-layouts';
import type { RunRequest } from '../src/shared/run-plan';
import { prepareRun } from '../src/core/runner/prepare-run';
import { runVerdicts } from '../src/core/recommend/run-verdicts';
import { runPrepared } from './lib/run-prepared';
import { textTable as resultsTable } from '../src/cli/output/results-table';
import { benchHeader, loadLine } from './lib/bench-header';
import { choiceOption, countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';

const MEMORY_GOAL_BYTES = 150 * 1024 * 1024;

const USAGE = `Usage: npx tsx bench/new-workloads-npm.ts [options]

Runs npm-install through executeRun on the native and FUSE bind mounts (each also with
node_modules in a named volume) and prints the figures, the layout verdict, the wall time and
this process's peak memory.

  --mounts <list>    ${MOUNT_KINDS.join(', ')} (default bind; add layer,host for all four layouts)
  --variants <list>  bind-mount variants of the plain engine (default native,fuse)
  --size <size>      ${SIZES.join(' or ')} (default default)
  --runs <n>         timed runs per backend (default 3)
  --warmup <n>       warm-up runs per backend (default 1)`;

const OPTIONS: BenchOptions = {
  mounts: { type: 'string' },
  variants: { type: 'string' },
  size: { type: 'string' },
  runs: { type: 'string' },
  warmup: { type: 'string' },
};

interface Values {
  mounts?: string;
  variants?: string;
  size?: string;
  runs?: string;
  warmup?: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const mounts: MountKind[] = listOption('--mounts', values.mounts, ['bind'], MOUNT_KINDS);
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const variants = (values.variants ?? 'native,fuse').split(',').filter(Boolean);
  const request: RunRequest = {
    mounts,
    variants,
    workloads: ['npm-install'],
    size,
    runs: countOption('--runs', values.runs, 3, { min: 1, max: 100 }),
    warmup: countOption('--warmup', values.warmup, 1, { min: 0, max: 10 }),
  };
  const began = performance.now();
  const prepared = await prepareRun(request);
  process.stdout.write(
    `${await benchHeader(
      'bench/new-workloads-npm: npm-install by layout',
      prepared.docker && prepared.engine
        ? { docker: prepared.docker, endpoint: prepared.engine.endpoint, image: prepared.image }
        : null,
    )}\n` +
      `tools    ${prepared.toolsImage ?? '(pinned default)'}\n` +
      `backends ${prepared.backends.map((b) => b.id).join(', ')}\n` +
      `plan     npm-install, size ${size}; ${request.warmup} warm-up + ${request.runs} timed runs each\n`,
  );
  let fetchSeconds = 0;
  let fetchStart: number | null = null;
  const run = await runPrepared(prepared, signal, {
    verdicts: runVerdicts,
    onEvent: (event) => {
      if (event.type === 'fetch-progress') {
        if (event.done === 0) fetchStart = performance.now();
        if (event.done === event.total && fetchStart !== null)
          fetchSeconds = (performance.now() - fetchStart) / 1000;
        process.stderr.write(`fetching npm packages ${event.done}/${event.total}\n`);
      }
      if (event.type === 'phase' && event.workloadId)
        process.stderr.write(`${event.backendId}: ${event.phase} (load ${loadLine()})\n`);
    },
  });
  const wall = (performance.now() - began) / 1000;
  const peak = process.resourceUsage().maxRSS * 1024;
  if (run.results.length) process.stdout.write(`\n${resultsTable(run.results)}\n`);
  if (run.npmLayouts) process.stdout.write(`\n${npmLayoutSentence(run.npmLayouts)}\n`);
  for (const r of run.results)
    process.stdout.write(
      `fs       ${r.backend.id}: ${r.fsType} (${r.image ? `image ${r.image}` : "the host's own node and npm"})\n`,
    );
  for (const error of run.errors)
    process.stdout.write(`error    ${error.backendId ?? 'run'}: ${error.message}\n`);
  process.stdout.write(
    `\nWall time ${wall.toFixed(0)} s (cache fetch ${fetchSeconds ? `${fetchSeconds.toFixed(0)} s` : 'none: reused'}).\n` +
      `Peak memory of this process (maxRSS, tsx loader included): ${mb(peak)}; goal under ${mb(MEMORY_GOAL_BYTES)}: ${peak < MEMORY_GOAL_BYTES ? 'yes' : 'NO'}.\n` +
      `Run status: ${run.status}. Load at the end: ${loadLine()} (1, 5, 15 min).\n`,
  );
  if (run.status !== 'completed' || run.errors.length) process.exitCode = 1;
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
