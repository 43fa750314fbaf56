// What a run is about to do, said before it starts measuring: the backends and workloads, the size
// and counts, and the time the shared estimate (src/shared/estimate.ts, as Setup shows it) gives.
// When a person is at the terminal and the run is long, it says how to get a quicker answer.
import type { Backend } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import { estimateRun, type Estimate, type EstimateCounts } from '../../shared/estimate';
import type { WorkloadId } from '../../shared/ids';
import { RACE_DEFAULT_MAX_SAMPLES, RACE_MIN_SAMPLES_FLOOR } from '../../shared/race-samples';
import { estimatedWorkloads } from '../../core/app/workload-estimates';
import { formatEta } from './progress-line';

/** Above this, a person at the terminal is told how to get a first answer sooner. */
export const LONG_RUN_SECONDS = 5 * 60;

/** What `--size quick --race` would take instead: the racing defaults at the quick size. */
export const QUICK_COUNTS: EstimateCounts = {
  size: 'quick',
  runs: RACE_MIN_SAMPLES_FLOOR,
  warmup: 1,
  race: true,
  maxRuns: RACE_DEFAULT_MAX_SAMPLES,
};

export function countsOf(request: RunRequest): EstimateCounts {
  return {
    size: request.size,
    runs: request.runs,
    warmup: request.warmup,
    ...(request.adaptive ? { adaptive: true } : {}),
    ...(request.race ? { race: true } : {}),
    ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
  };
}

export function estimatePlan(
  request: RunRequest,
  backends: readonly Backend[],
  workloads: readonly WorkloadId[],
  counts: EstimateCounts = countsOf(request),
): Estimate {
  return estimateRun(
    estimatedWorkloads(workloads, request.custom),
    backends.map((b) => b.mount),
    counts,
  );
}

export function estimateWords(e: Estimate): string {
  return e.maxSeconds > e.seconds * 1.1
    ? `~${formatEta(e.seconds)} to ${formatEta(e.maxSeconds)}`
    : `~${formatEta(e.seconds)}`;
}

function countWords(request: RunRequest): string {
  if (request.race) {
    const most = request.maxRuns ?? RACE_DEFAULT_MAX_SAMPLES;
    const budget = request.budgetSeconds ? `, within ${formatEta(request.budgetSeconds)}` : '';
    return `racing: ${Math.max(RACE_MIN_SAMPLES_FLOOR, request.runs)} to ${most} runs until decided${budget}`;
  }
  if (request.adaptive) return `${request.runs} runs or more, until the mean is known to ±2 %`;
  return `${request.runs} runs each`;
}

export interface PlanInput {
  request: RunRequest;
  backends: readonly Backend[];
  workloads: readonly WorkloadId[];
  /** A person can read and act on a hint (stdin is a terminal). */
  interactive: boolean;
}

export function planLines({ request, backends, workloads, interactive }: PlanInput): string[] {
  const estimate = estimatePlan(request, backends, workloads);
  const out = [
    `plan: ${backends.length} backend(s) × ${workloads.length} workload(s), ${request.size} size, ${countWords(request)}, ${request.warmup} warm-up`,
    `  backends: ${backends.map((b) => b.label).join(', ')}`,
    `  workloads: ${workloads.join(', ')}`,
    `  estimated time: ${estimateWords(estimate)} (from the fixture sizes; a slow file share can take several times longer)`,
  ];
  if (interactive && estimate.seconds > LONG_RUN_SECONDS && request.size !== 'quick') {
    const quick = estimatePlan(request, backends, workloads, QUICK_COUNTS);
    out.push(
      `  for a first answer in ${estimateWords(quick)}: Ctrl-C (it cleans up), then \`mountbench run --size quick --race\` with the same options`,
    );
  }
  return out;
}
