// Every store of the dashboard, made for one MountbenchApi and wired together: a finished run opens
// in the results view, a deleted run leaves the results and compare views, errors reach the banner.
// Tests make a fresh set per test with a fake API; the app makes one set with the real transport.
import type { MountbenchApi } from '../../../shared/api';
import { createCompareStore } from './compare-store';
import { createHistoryStore } from './history-store';
import { createNavStore } from './nav-store';
import { createNoticesStore } from './notices-store';
import { createResultsStore } from './results-store';
import { sessionRunMemory, type RunMemory } from './run-memory';
import { createRunStore } from './run-store';
import { createSetupStore } from './setup-store';

export interface StoreOptions {
  memory?: RunMemory;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

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
  const run = createRunStore({
    api,
    memory: options.memory ?? sessionRunMemory(),
    now: options.now,
    onError,
    onFinished(file) {
      void history.getState().refresh();
      // A run with results ends on its answer; a cancelled or failed one stays on the run view to say why.
      if (file.results.length) {
        void results.getState().show(file);
        if (nav.getState().tab === 'run') nav.getState().show('results');
      }
    },
  });
  return { api, notices, nav, results, compare, history, setup, run };
}

export type Stores = ReturnType<typeof createStores>;
