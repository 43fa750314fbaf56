// Finishes what a crashed (or killed, or cancelled) sweep left: every unfinished journal is
// replayed backwards, owner by owner, and ended. Called by `mountbench restore` and at app start.
import path from 'node:path';
import { serializeError } from '../../shared/errors';
import { Journal, findUnfinishedJournals } from './journal';
import { ownersOf, type JournalOwner, type ProviderOriginals } from './journal-records';
import { scopeProblem, type RestoreScope } from './restore-scope';

/** Puts back what one owner recorded; must be idempotent. */
export type Restorer = (originals: ProviderOriginals, journal: Journal) => Promise<void>;

export interface RestoreReport {
  journals: {
    id: string;
    file: string;
    startedAt: string | null;
    /** What the journal was opened for, e.g. `sweep docker-desktop` or `apply colima vz-virtiofs`. */
    purpose: string | null;
    owners: { owner: JournalOwner; restored: boolean; error?: string }[];
    /** True when everything was put back and the journal is closed. */
    finished: boolean;
    /** Why nothing was restored from this journal (unreadable, or it names what it may not). */
    refused?: string;
  }[];
}

/**
 * `restorers` maps an owner (a provider id, `docker-cli`) to what puts it back. An owner without a
 * restorer, or whose restorer fails, leaves the journal unfinished, so the next start tries again.
 * A journal that cannot be read, is still being written, or names anything outside `scope` is
 * refused whole: nothing is written, and the report says why and what to do.
 */
export async function restoreUnfinished(
  dataDir: string,
  restorers: (owner: JournalOwner) => Restorer | undefined,
  scope: RestoreScope,
): Promise<RestoreReport> {
  const report: RestoreReport = { journals: [] };
  for (const found of await findUnfinishedJournals(dataDir)) {
    const begin = found.records.find((r) => r.type === 'begin');
    const entry: RestoreReport['journals'][number] = {
      id: found.id,
      file: found.file,
      startedAt: begin && begin.type === 'begin' ? begin.startedAt : null,
      purpose: begin && begin.type === 'begin' ? begin.purpose : null,
      owners: [],
      finished: false,
    };
    report.journals.push(entry);
    const outside = found.problem ?? scopeProblem(found.file, found.records, scope);
    if (outside) {
      entry.refused =
        found.problem ??
        `${found.file} was refused: ${outside}. Nothing was changed; if you did not expect this journal, move it out of ${path.dirname(found.file)}.`;
      continue;
    }
    let journal: Journal;
    try {
      journal = await Journal.resume(found.file);
    } catch (err) {
      entry.refused = serializeError(err).message;
      continue;
    }
    try {
      for (const owner of ownersOf(journal.all()).reverse()) {
        if (journal.isRestored(owner)) {
          entry.owners.push({ owner, restored: true });
          continue;
        }
        const restorer = restorers(owner);
        if (!restorer) {
          entry.owners.push({ owner, restored: false, error: `no restorer for ${owner}` });
          continue;
        }
        try {
          await restorer(journal.originals(owner), journal);
          await journal.markRestored(owner);
          entry.owners.push({ owner, restored: true });
        } catch (err) {
          entry.owners.push({ owner, restored: false, error: serializeError(err).message });
        }
      }
      if (entry.owners.every((o) => o.restored)) {
        await journal.finish('restored');
        entry.finished = true;
      }
    } finally {
      await journal.close();
    }
  }
  return report;
}

export function describeRestoreReport(report: RestoreReport): string {
  if (!report.journals.length) return 'Nothing to restore: no unfinished sweep.';
  return report.journals
    .map((j) => {
      // Say what the user started: a sweep, or "Apply this setting" (purpose `apply <provider> <variant>`).
      const what = j.purpose?.startsWith('apply ') ? 'the setting change' : 'the sweep';
      const head = `${j.finished ? 'Restored' : 'Could not fully restore'} ${what} started ${j.startedAt ?? '(unknown)'} (journal ${j.file}):`;
      const lines = j.owners.map(
        (o) => `  ${o.owner}: ${o.restored ? 'put back' : `NOT put back: ${o.error}`}`,
      );
      if (j.refused) return `Did not restore from the journal ${j.file}: ${j.refused}`;
      if (!j.owners.length) lines.push('  nothing had been changed yet');
      return [head, ...lines].join('\n');
    })
    .join('\n');
}
