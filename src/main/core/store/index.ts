export { cacheDir, dataDir, resultsDir, type PathOptions } from './data-paths';
export { writeFileAtomic } from './atomic-write';
export {
  deleteRun,
  listRuns,
  loadRunFile,
  MAX_RUN_FILE_BYTES,
  saveRun,
  type RunListing,
} from './result-store';
export { parseRunFileText } from './parse-run-file';
export { describeIssue, describeIssues, issuePath } from './describe-issue';
