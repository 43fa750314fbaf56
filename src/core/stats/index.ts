export { mean, median, sampleStandardDeviation, sampleVariance } from './descriptive';
export { modifiedZScores, outlierIndexes, OUTLIER_THRESHOLD } from './outliers';
export { summarize, type CpuTimes } from './summarize';
export { statsWarnings, MIN_TICKS_PER_SAMPLE, type StatsWarningOptions } from './warnings';
export {
  confidenceInterval95,
  studentTCdf,
  studentTQuantile,
  studentTTwoSidedP,
  type ConfidenceInterval,
} from './student-t';
export { welchTTest, type WelchResult } from './welch';
export { welchFromSummary, type SideSummary } from './welch';
export {
  compareTimes,
  SIGNIFICANCE_LEVEL,
  type Comparison,
  type TimeSummary,
  type Verdict,
} from './significance';
export { firstRunDiffers } from './first-run';
