// Finished journals are kept a while (the backups in them are the user's fallback if something
// went wrong without anyone noticing), then removed: a backup may hold a password, and nothing
// should keep copies of it forever. Only names Journal.create makes are ever touched.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ScannedJournal } from './journal-records';

/** How long a finished journal and its backups are kept (docs/architecture.md, "journal/"). */
export const JOURNAL_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `20261201-102109-a1b2c3`: what Journal.create names a journal. */
const JOURNAL_ID = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

/** Removes journals that ended more than JOURNAL_KEEP_DAYS before `now`, with their backup folders. */
export async function pruneFinishedJournals(
  dir: string,
  journals: readonly ScannedJournal[],
  now: number = Date.now(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const j of journals) {
    if (!j.finished || !JOURNAL_ID.test(j.id)) continue;
    const end = j.records.find((r) => r.type === 'end');
    const endedAt = end?.type === 'end' ? Date.parse(end.at) : Number.NaN;
    if (!Number.isFinite(endedAt) || now - endedAt < JOURNAL_KEEP_DAYS * DAY_MS) continue;
    // The backups first: a journal file without them is harmless, backups without a journal are not.
    const backups = path.join(dir, j.id);
    const stat = await fs.lstat(backups).catch(() => null);
    if (stat?.isDirectory()) await fs.rm(backups, { recursive: true, force: true });
    await fs.rm(j.file, { force: true });
    removed.push(j.file);
  }
  return removed;
}
