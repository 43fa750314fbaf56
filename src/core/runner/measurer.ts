// What measuring one workload on every backend of a run takes and gives, and the shape of a
// measurer: one per way a workload is timed (its `kind`), listed in measurers.ts.
import type { SizeName } from '../../shared/ids';
import type { Backend, RaceSummary, WorkloadResult } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import type { Workload } from '../workloads/workload';
import type { BackendExecutor } from './executor';
import type { MeasureHooks } from './measure-hooks';
import type { SharedFixtures } from './shared-fixtures';

export interface MeasureLaneInput {
  backend: Backend;
  executor: BackendExecutor;
  hooks: MeasureHooks;
}

export type MeasureCounts = Pick<
  RunRequest,
  'runs' | 'warmup' | 'adaptive' | 'maxRuns' | 'race' | 'order' | 'sampleMethod'
>;

export interface MeasureInput {
  lanes: readonly MeasureLaneInput[];
  workload: Workload;
  size: SizeName;
  counts: MeasureCounts;
  /** Epoch ms after which no new round starts (racing with a budget); null: none. */
  deadline: number | null;
  signal: AbortSignal;
  /** A backend that fails on this workload leaves it; the others go on. */
  onLaneFailed(backend: Backend, err: unknown): void;
  /** The run's one host copy of read-only fixtures, for executors that mount it. */
  sharedFixtures?: SharedFixtures;
}

export interface WorkloadMeasurement {
  results: WorkloadResult[];
  /** Racing only: one entry per case. */
  races: RaceSummary['workloads'];
}

/** How one kind of workload is counted and measured. */
export interface Measurer<W extends Workload> {
  /** Executions the workload will make at least: the denominator of progress. */
  planned(workload: W, size: SizeName, counts: MeasureCounts): number;
  /** Executions it may make at most (a race's cap, an adaptive stop's most runs); default: planned. */
  most?(workload: W, size: SizeName, counts: MeasureCounts): number;
  measure(input: MeasureInput, workload: W): Promise<WorkloadMeasurement>;
}

/**
 * Backend by backend, for workloads the runner times itself (page-reload) or fans out over several
 * containers (parallel-read): neither interleaves rounds or races; their runs are fixed.
 */
export async function measurePerBackend(
  input: MeasureInput,
  measure: (lane: MeasureLaneInput) => Promise<WorkloadResult[]>,
): Promise<WorkloadMeasurement> {
  const results: WorkloadResult[] = [];
  for (const lane of input.lanes) {
    try {
      results.push(...(await measure(lane)));
    } catch (err) {
      if (input.signal.aborted) throw err;
      input.onLaneFailed(lane.backend, err);
    }
  }
  return { results, races: [] };
}
