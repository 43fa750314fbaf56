// The stored runs (results.list), shared by the history and compare views, with delete behind a
// confirmation step.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi, RunSummary } from '../../../shared/api';
import { errorMessage } from '../lib/error-message';

export interface HistoryState {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  runs: RunSummary[];
  /** The run whose delete button was pressed once and waits for "Delete" or "Keep". */
  confirming: string | null;
  deleting: string | null;
  /** Runs ticked to be compared together. */
  selected: string[];
  toggleSelected(runId: string): void;
  refresh(): Promise<void>;
  askDelete(runId: string): void;
  keep(): void;
  confirmDelete(runId: string): Promise<void>;
}

export interface HistoryStoreOptions {
  api: MountbenchApi;
  onDeleted?: (runId: string) => void;
  onError?: (context: string, err: unknown) => void;
}

/** Newest first, whatever order the store lists them in. */
function newestFirst(runs: RunSummary[]): RunSummary[] {
  return [...runs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function createHistoryStore(options: HistoryStoreOptions) {
  const { api } = options;
  return createStore<HistoryState>()((set, get) => ({
    status: 'loading',
    error: null,
    runs: [],
    confirming: null,
    deleting: null,
    selected: [],

    toggleSelected: (runId) =>
      set((s) => ({
        selected: s.selected.includes(runId)
          ? s.selected.filter((id) => id !== runId)
          : [...s.selected, runId],
      })),

    async refresh() {
      try {
        const runs = await api.results.list();
        // A ticked run deleted elsewhere (another window, the CLI) is no longer ticked.
        set((s) => ({
          status: 'ready',
          error: null,
          runs: newestFirst(runs),
          selected: s.selected.filter((id) => runs.some((r) => r.id === id)),
        }));
      } catch (err) {
        set({ status: 'error', error: errorMessage(err) });
      }
    },

    askDelete: (runId) => set({ confirming: runId }),
    keep: () => set({ confirming: null }),

    async confirmDelete(runId) {
      if (get().confirming !== runId) return;
      set({ deleting: runId });
      try {
        await api.results.delete(runId);
        set((s) => ({
          runs: s.runs.filter((r) => r.id !== runId),
          selected: s.selected.filter((id) => id !== runId),
          confirming: null,
          deleting: null,
        }));
        options.onDeleted?.(runId);
      } catch (err) {
        set({ confirming: null, deleting: null });
        options.onError?.('Could not delete the run', err);
      }
    },
  }));
}
