// page-reload and parallel-read at default size on the plain engine's native bind mount and its
// FUSE (bindfs) share, through executeRun as `mountbench run` drives them, beside the one-reader
// small-file read for comparison: latency percentiles, the slowest of four readers against one,
// and the wall time of the whole run. Prints figures; asserts nothing.
//
//   npx tsx bench/new-workloads-web.ts [--size default] [--runs 5] [--warmup 1]
import { SIZES, type SizeName } from '../src/shared/ids';
import type { RunRequest } from '../src/shared/run-plan';
import type { WorkloadResult } from '../src/shared/result-schema';
import { APP_VERSION } from '../src/core/app-version';
import { getMachineInfo } from '../src/core/machine';
import { prepareRun } from '../src/core/runner/prepare-run';
import { executeRun } from '../src/core/runner/run';
import { cacheDir } from '../src/core/store';
import { benchHeader, loadLine } from './lib/bench-header';
import { choiceOption, countOption, runBench, type BenchOptions } from './lib/bench-main';
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
  const request: RunRequest = {
    mounts: ['bind'],
    variants: ['native', 'fuse'],
    workloads: ['page-reload', 'parallel-read', 'small-file-read'],
    size,
    runs: countOption('--runs', values.runs, 5, { min: 1, max: 1000 }),
    warmup: countOption('--warmup', values.warmup, 1, { min: 0, max: 100 }),
    ...(values.image ? { image: values.image } : {}),
  };
  const began = performance.now();
  const prepared = await prepareRun(request);
  process.stdout.write(
    `${await benchHeader(
      'bench/new-workloads-web: page-reload and parallel-read on native and FUSE bind mounts',
      prepared.docker && prepared.engine
        ? { docker: prepared.docker, endpoint: prepared.engine.endpoint, image: prepared.image }
        : null,
    )}\n` + `plan     size ${size}; ${request.warmup} warm-up + ${request.runs} timed runs\n`,
  );
  const run = await executeRun({
    ...prepared,
    machine: await getMachineInfo(),
    appVersion: APP_VERSION,
    allowHostCommands: false,
    cacheDir: cacheDir(),
    signal,
    onEvent: (event) => {
      if (event.type === 'phase' && event.workloadId)
        process.stderr.write(
          `${event.backendId ?? ''} ${event.workloadId}: ${event.phase} (load ${loadLine()})\n`,
        );
    },
  });
  const wall = (performance.now() - began) / 1000;
  const backends = prepared.backends.map((b) => b.id);
  const find = (backend: string, workload: string, caseId?: string): WorkloadResult | undefined =>
    run.results.find(
      (r) => r.backend.id === backend && r.workload.id === workload && r.workload.case === caseId,
    );

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
  for (const error of run.errors)
    process.stdout.write(
      `error    ${error.backendId ?? ''} ${error.workloadId ?? 'run'}: ${error.message}\n`,
    );
  process.stdout.write(
    `\nWall time ${wall.toFixed(1)} s. Run status: ${run.status}. Load at the end: ${loadLine()}.\n`,
  );
  if (run.status !== 'completed' || run.errors.length) process.exitCode = 1;
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
