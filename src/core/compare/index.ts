export { rowsFromRun } from './rows-from-run';
export { rowsFromPublished, publishedRows, providerForEngine, fileSharingName } from './rows-from-published';
export {
  parsePublishedResults,
  shippedPublishedResults,
  PUBLISHED_SCHEMA_ID,
  type PublishedResults,
  type PublishedSource,
  type PublishedResult,
} from './published';
export {
  compareRows,
  type ComparedEntry,
  type EntryVerdict,
  type MachineGroup,
  type WorkloadGroup,
} from './compare-groups';
export { machineRatios, machineRatioWords, type MachineRatio } from './machine-ratios';
export {
  comparisonMarkdown,
  comparisonText,
  LEGEND,
  SAMPLES_LEGEND,
  SIGNIFICANCE_MARKS,
} from './compare-table';
export { formatMeanStddev, formatRatio, formatTime } from '../../shared/format-time';
export { formatMemory, machineKey, machineLabel } from '../machine/machine-key';
