// The journal: crash-safe record of changed settings, restore on next start. The only door.
export {
  Journal,
  findUnfinishedJournals,
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
export {
  restoreUnfinished,
  describeRestoreReport,
  type RestoreReport,
  type Restorer,
} from './restore-unfinished';
