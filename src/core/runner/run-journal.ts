// One journal per run for what the run itself changes outside the engine (Docker Desktop's file
// shares), opened by its first user and ended by its last. A journal holds the one change lock and
// refuses to start beside an unfinished one, so two executors of one run (the bench container's and
// a workload's own) cannot each open their own. A sweep lends its journal instead: its run's shares
// are recorded there, and the sweep ends it.
import { Journal, type JournalHandle } from '../journal';

export interface RunJournalLease {
  journal: JournalHandle;
  /**
   * Gives the lease back; `clean`: what this user recorded is undone. The last one back ends an
   * own journal when every user was clean, else closes it unfinished, so `mountbench restore` (or
   * the next start) undoes the rest.
   */
  release(clean: boolean): Promise<void>;
}

interface Held {
  opened: Promise<Journal>;
  users: number;
  clean: boolean;
}

const held = new Map<string, Held>();

export async function leaseRunJournal(o: {
  runId: string;
  dataDir: string;
  /** A journal someone else owns (the sweep's): used, never ended here. */
  borrowed?: JournalHandle;
}): Promise<RunJournalLease> {
  if (o.borrowed) return { journal: o.borrowed, release: async () => {} };
  let entry = held.get(o.runId);
  if (!entry) {
    entry = { opened: Journal.create(o.dataDir, `run ${o.runId}`), users: 0, clean: true };
    held.set(o.runId, entry);
  }
  entry.users += 1;
  const mine = entry;
  let journal: Journal;
  try {
    journal = await mine.opened;
  } catch (err) {
    mine.users -= 1;
    if (mine.users === 0 && held.get(o.runId) === mine) held.delete(o.runId);
    throw err;
  }
  let released = false;
  return {
    journal,
    async release(clean) {
      if (released) return;
      released = true;
      mine.clean &&= clean;
      mine.users -= 1;
      if (mine.users > 0) return;
      if (held.get(o.runId) === mine) held.delete(o.runId);
      if (mine.clean) await journal.finish('completed');
      else await journal.close();
    },
  };
}
