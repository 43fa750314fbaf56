// The run shown in the results view, what of it is shown (log axis, hidden backends) and its
// recommendation for the chosen profile.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { Recommendation } from '../../../shared/recommendation';
import type { RunFile } from '../../../shared/result-schema';
import { errorCode, errorMessage } from '../lib/error-message';

/** The core's built-in profiles (core/recommend/profiles.ts, which the renderer cannot import). */
export const PROFILES = [
  { id: 'rails-php', label: 'Rails/PHP app' },
  { id: 'static-site', label: 'Static site build' },
  { id: 'database', label: 'Database / large writes' },
  { id: 'node-frontend', label: 'Node front end' },
  { id: 'monorepo', label: 'Big monorepo' },
  { id: 'balanced', label: 'Balanced' },
] as const;
export type ProfileId = (typeof PROFILES)[number]['id'];

export function isProfileId(value: string): value is ProfileId {
  return PROFILES.some((p) => p.id === value);
}

type Loadable = 'empty' | 'loading' | 'ready' | 'error';

export interface ResultsState {
  status: Loadable;
  error: string | null;
  run: RunFile | null;
  profile: ProfileId;
  logScale: boolean;
  /** Backend ids left out of the chart (the table keeps every row). */
  hidden: string[];
  recommendation: { status: Loadable; error: string | null; list: Recommendation[] };
  open(runId: string): Promise<void>;
  /** A run that just finished: shown at once from its run-done event. */
  show(run: RunFile): Promise<void>;
  /**
   * The run shown (or being opened), as it ended after its answer: the same results, with what the
   * clean-up added (its errors). Keeps what the user chose (hidden backends) and the
   * recommendation; a different run shown is left alone.
   */
  update(run: RunFile): void;
  setProfile(profile: ProfileId): Promise<void>;
  toggleLogScale(): void;
  toggleBackend(backendId: string): void;
  clear(): void;
}

export interface ResultsStoreOptions {
  api: MountbenchApi;
  /** Waits between tries while a just-finished run is being saved. */
  sleep?: (ms: number) => Promise<void>;
}

/** run-done is sent as the core starts saving: give the file a few seconds to appear. */
const SAVE_TRIES = 20;
const SAVE_WAIT_MS = 250;

export function createResultsStore(options: ResultsStoreOptions) {
  const { api } = options;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Each load gets a ticket: an answer for a run or profile no longer shown is dropped.
  let ticket = 0;
  // A newer copy of the run being opened, come (update) while it loads: it wins over the file.
  let fresher: RunFile | null = null;
  const noRecommendation = { status: 'empty' as const, error: null, list: [] };

  return createStore<ResultsState>()((set, get) => {
    const recommend = async (runId: string, mine: number, waitForSave: boolean) => {
      set({ recommendation: { status: 'loading', error: null, list: [] } });
      for (let attempt = 1; ; attempt++) {
        try {
          const list = await api.recommend.forRuns([runId], get().profile, false);
          if (mine === ticket) set({ recommendation: { status: 'ready', error: null, list } });
          return;
        } catch (err) {
          const notSavedYet = waitForSave && errorCode(err) === 'IO' && attempt < SAVE_TRIES;
          if (mine !== ticket) return;
          if (!notSavedYet) {
            set({ recommendation: { status: 'error', error: errorMessage(err), list: [] } });
            return;
          }
          await sleep(SAVE_WAIT_MS);
        }
      }
    };

    return {
      status: 'empty',
      error: null,
      run: null,
      profile: 'balanced',
      logScale: false,
      hidden: [],
      recommendation: noRecommendation,

      async open(runId) {
        const mine = ++ticket;
        set({ status: 'loading', error: null, hidden: [], recommendation: noRecommendation });
        try {
          const loaded = await api.results.get(runId);
          if (mine !== ticket) return;
          const run = fresher?.id === runId ? fresher : loaded;
          fresher = null;
          set({ status: 'ready', run });
          await recommend(runId, mine, false);
        } catch (err) {
          if (mine === ticket) set({ status: 'error', error: errorMessage(err), run: null });
        }
      },

      async show(run) {
        const mine = ++ticket;
        set({ status: 'ready', error: null, run, hidden: [], recommendation: noRecommendation });
        if (run.results.length) await recommend(run.id, mine, true);
      },

      update(run) {
        const { run: shown, status } = get();
        if (shown?.id === run.id && status === 'ready') set({ run });
        else if (status === 'loading') fresher = run;
      },

      async setProfile(profile) {
        set({ profile });
        const { run } = get();
        if (run?.results.length) await recommend(run.id, ++ticket, false);
      },

      toggleLogScale: () => set((s) => ({ logScale: !s.logScale })),

      toggleBackend: (backendId) =>
        set((s) => ({
          hidden: s.hidden.includes(backendId)
            ? s.hidden.filter((id) => id !== backendId)
            : [...s.hidden, backendId],
        })),

      clear() {
        ticket++;
        set({ status: 'empty', error: null, run: null, hidden: [], recommendation: noRecommendation });
      },
    };
  });
}
