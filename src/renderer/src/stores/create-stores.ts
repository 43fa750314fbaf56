// Every store of the dashboard, made for one MountbenchApi and wired together: a completed run or
// sweep opens in the results view, a deleted run leaves the results and compare views, errors
// reach the banner.
// Tests make a fresh set per test with a fake API; the app makes one set with the real transport.
import type { MountbenchApi } from '../../../shared/api';
import { createCompareStore } from './compare-store';
import { createHistoryStore } from './history-store';
import { createNavStore } from './nav-store';
import { createNoticesStore } from './notices-store';
import { createResultsStore } from './results-store';
import { sessionRunMemory, type RunMemory } from './run-memory';
import { createRunStore } from './run-store';
import { createProjectStore } from './project-store';
import { createSetupStore } from './setup-store';
import { createApplyStore } from './apply-store';
import { createSweepStore } from './sweep-store';
import { createTeamStore } from './team-store';
import { createPublishStore } from './publish-store';

export interface StoreOptions {
  memory?: RunMemory;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * A run's and a sweep's progress published at most this often (ms); 0 (tests): on every event.
   * The app passes LIVE_COALESCE_MS.
   */
  coalesceMs?: number;
}

/** A few updates a second: a live view that stays responsive on a busy two-core machine. */
export const LIVE_COALESCE_MS = 250;

export function createStores(api: MountbenchApi, options: StoreOptions = {}) {
  const notices = createNoticesStore();
  const onError = (context: string, err: unknown) => notices.getState().report(context, err);
  const nav = createNavStore();
  const results = createResultsStore({ api, sleep: options.sleep });
  const compare = createCompareStore({ api, onError, onImported: () => void history.getState().refresh() });
  const history = createHistoryStore({
    api,
    onError,
    onDeleted(runId) {
      if (results.getState().run?.id === runId) results.getState().clear();
      compare.getState().forgetRun(runId);
    },
  });
  const setup = createSetupStore({ api, onError });
  const project = createProjectStore({ api });
  const run = createRunStore({
    api,
    memory: options.memory ?? sessionRunMemory(),
    now: options.now,
    coalesceMs: options.coalesceMs,
    onError,
    // A completed run ends on its answer, opened as soon as it is stored (the clean-up goes on
    // behind it); a cancelled or failed one stays on the run view to say why, even with partial
    // results (its "See the results" button opens them).
    onAnswered(runId, status) {
      void history.getState().refresh();
      if (status !== 'completed') return;
      void results.getState().open(runId);
      if (nav.getState().tab === 'run') nav.getState().show('results');
    },
    onFinished(file, answered) {
      void history.getState().refresh();
      if (file.status !== 'completed') return;
      // Already shown at its answer: only what the clean-up added (its errors), without moving
      // the user, who may have gone back to the run view to watch it.
      if (answered) results.getState().update(file);
      else {
        void results.getState().show(file);
        if (nav.getState().tab === 'run') nav.getState().show('results');
      }
    },
  });
  const sweep = createSweepStore({
    api,
    onError,
    coalesceMs: options.coalesceMs,
    onFinished(finish) {
      void history.getState().refresh();
      // Only a sweep that measured everything opens its results; otherwise the run view says why.
      if (finish.status === 'completed' && finish.runId) {
        void results.getState().open(finish.runId);
        if (nav.getState().tab === 'run') nav.getState().show('results');
      }
    },
  });
  const apply = createApplyStore({ api, onApplied: () => void setup.getState().refreshProviders() });
  const team = createTeamStore({ api });
  const publish = createPublishStore({ api });
  return { api, notices, nav, results, compare, history, setup, project, run, sweep, apply, team, publish };
}

export type Stores = ReturnType<typeof createStores>;
