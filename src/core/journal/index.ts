// The journal: crash-safe record of changed settings, restore on next start. The only door.
export {
  Journal,
  findUnfinishedJournals,
  scanJournals,
  type ScannedJournal,
  journalDir,
  sha256,
  type JournalHandle,
  type UnfinishedJournal,
} from './journal';
export type {
  FileOriginal,
  JournalOwner,
  JournalRecord,
  JsonValue,
  ProviderOriginals,
} from './journal-records';
export { restoreFile } from './restore-file';
export { isPlainMode, scopeProblem, type RestoreScope } from './restore-scope';
export { JOURNAL_KEEP_DAYS, pruneFinishedJournals } from './prune-journals';
export { processStartedAt } from './process-identity';
export {
  restoreUnfinished,
  describeRestoreReport,
  type RestoreReport,
  type Restorer,
} from './restore-unfinished';
