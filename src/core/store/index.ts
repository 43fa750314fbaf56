export { cacheDir, dataDir, resultsDir, type PathOptions } from '../vocab/data-paths';
export { writeFileAtomic } from '../fs/atomic-write';
export { checkResultsFolder } from './results-folder';
export {
  deleteRun,
  listRuns,
  loadRunFile,
  runFileNames,
  MAX_RUN_FILE_BYTES,
  saveRun,
  type RunListing,
} from './result-store';
export { parseRunFileText } from './parse-run-file';
export { findForbiddenKey, parseUntrustedJson } from '../../shared/json-limits';
export { describeIssue, describeIssues, issuePath } from '../../shared/describe-issue';
export { importRunFile, importRunText, type ImportOutcome } from './import-run';
export {
  importHyperfineFile,
  importHyperfineText,
  runFromHyperfine,
  type HyperfineImportOptions,
} from './import-hyperfine';
export { parseHyperfineExport } from './parse-hyperfine-export';
export { checkRunPlausible, MAX_PLAUSIBLE_SECONDS } from './run-plausibility';
export { markImported, summarizeRun } from './run-summary';
export { loadRunFileOffThread } from './summarize-off-thread';
export {
  listRunSummaries,
  SUMMARY_INDEX_NAME,
  summaryListingsComputed,
  type SummaryListing,
} from './summary-index';
