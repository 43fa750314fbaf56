// What the dev-loop benches share: one plan on the plain engine's native bind mount and its FUSE
// (bindfs) share, run through executeRun exactly as `mountbench run` drives it, with the header,
// each phase on stderr (with the load, which explains most drift here) and the wall time.
import type { RunRequest } from '../../src/shared/run-plan';
import type { WorkloadResult } from '../../src/shared/result-schema';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { runPrepared } from './run-prepared';
import { benchHeader, loadLine } from './bench-header';

export interface SharesRun {
  backends: string[];
  run: Awaited<ReturnType<typeof runPrepared>>;
  wallSeconds: number;
  /** The result of one backend, workload and case (undefined: it failed or was not run). */
  find(backend: string, workload: string, caseId?: string): WorkloadResult | undefined;
}

export async function runOnShares(
  title: string,
  request: Omit<RunRequest, 'mounts' | 'variants'>,
  signal: AbortSignal,
): Promise<SharesRun> {
  const began = performance.now();
  const prepared = await prepareRun({ ...request, mounts: ['bind'], variants: ['native', 'fuse'] });
  process.stdout.write(
    `${await benchHeader(
      title,
      prepared.docker && prepared.engine
        ? { docker: prepared.docker, endpoint: prepared.engine.endpoint, image: prepared.image }
        : null,
    )}\n` +
      `tools    ${prepared.toolsImage ?? '(pinned default)'}\n` +
      `plan     ${request.workloads.join(', ')}, size ${request.size}; ${request.warmup} warm-up + ${request.runs} timed runs\n`,
  );
  const run = await runPrepared(prepared, signal, {
    onEvent: (event) => {
      if (event.type === 'phase' && event.workloadId)
        process.stderr.write(
          `${event.backendId ?? ''} ${event.workloadId}: ${event.phase} (load ${loadLine()})\n`,
        );
    },
  });
  return {
    backends: prepared.backends.map((b) => b.id),
    run,
    wallSeconds: (performance.now() - began) / 1000,
    find: (backend, workload, caseId) =>
      run.results.find(
        (r) => r.backend.id === backend && r.workload.id === workload && r.workload.case === caseId,
      ),
  };
}

/** Errors, the wall time and the load, and a failing exit status unless the run completed cleanly. */
export function finishSharesRun({ run, wallSeconds }: SharesRun): void {
  for (const error of run.errors)
    process.stdout.write(
      `error    ${error.backendId ?? ''} ${error.workloadId ?? 'run'}: ${error.message}\n`,
    );
  process.stdout.write(
    `\nWall time ${wallSeconds.toFixed(1)} s. Run status: ${run.status}. Load at the end: ${loadLine()}.\n`,
  );
  if (run.status !== 'completed' || run.errors.length) process.exitCode = 1;
}
