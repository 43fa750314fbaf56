// The Team page's state: the dataset folder typed, the analysis the core made of it
// (api.team.view), and how the page looks at it (which workload, grouped by what).
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { TeamView } from '../../../shared/team-view';
import { errorMessage } from '../lib/error-message';

export type TeamGrouping = 'chip' | 'version';

export interface TeamState {
  folder: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  view: TeamView | null;
  /** `workloadKey@size` of the spread shown; null: the first. */
  workload: string | null;
  grouping: TeamGrouping;
  setFolder(folder: string): void;
  load(): Promise<void>;
  showWorkload(key: string): void;
  groupBy(grouping: TeamGrouping): void;
}

export interface TeamStoreOptions {
  api: MountbenchApi;
}

export function createTeamStore(options: TeamStoreOptions) {
  const { api } = options;
  // A slower answer to an earlier folder must not replace the later one's.
  let asked = 0;
  return createStore<TeamState>()((set, get) => ({
    folder: '',
    status: 'idle',
    error: null,
    view: null,
    workload: null,
    grouping: 'chip',
    setFolder: (folder) => set({ folder }),
    async load() {
      const folder = get().folder.trim();
      if (!folder) {
        set({
          status: 'error',
          error:
            'Type the folder of the team dataset (a clone `mountbench team pull` made, or any folder in its layout).',
        });
        return;
      }
      const mine = ++asked;
      set({ status: 'loading', error: null });
      try {
        const view = await api.team.view(folder);
        if (mine !== asked) return;
        set((s) => ({
          status: 'ready',
          view,
          // Keep the workload looked at when it is still there after a reload.
          workload: view.analysis.spreads.some((sp) => `${sp.workloadKey}@${sp.size}` === s.workload)
            ? s.workload
            : null,
        }));
      } catch (err) {
        if (mine !== asked) return;
        set({ status: 'error', error: errorMessage(err) });
      }
    },
    showWorkload: (workload) => set({ workload }),
    groupBy: (grouping) => set({ grouping }),
  }));
}
