// Measures one workload on every backend of a run, with the measurer of its kind (measurers.ts),
// and counts the executions it makes at least and at most: the range progress counts over.
import type { SizeName } from '../../shared/ids';
import type { Workload } from '../workloads/workload';
import type { MeasureCounts, MeasureInput, WorkloadMeasurement } from './measurer';
import { measurerOf } from './measurers';

export type { MeasureCounts, MeasureInput, MeasureLaneInput, WorkloadMeasurement } from './measurer';
export { laneShape } from './measure-in-rounds';

/** Executions a workload will make at least: the denominator of progress. */
export function plannedExecutions(workload: Workload, size: SizeName, counts: MeasureCounts): number {
  return measurerOf(workload).planned(workload, size, counts);
}

/** Executions a workload may make at most: a race's cap, an adaptive stop's most runs. */
export function mostExecutions(workload: Workload, size: SizeName, counts: MeasureCounts): number {
  const measurer = measurerOf(workload);
  return (measurer.most ?? measurer.planned)(workload, size, counts);
}

export function measureWorkload(input: MeasureInput): Promise<WorkloadMeasurement> {
  return measurerOf(input.workload).measure(input, input.workload);
}
