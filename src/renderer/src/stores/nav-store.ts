import { createStore } from 'zustand/vanilla';

export const TABS = ['setup', 'run', 'results', 'compare', 'history', 'team'] as const;
export type TabId = (typeof TABS)[number];

export interface NavState {
  tab: TabId;
  show(tab: TabId): void;
}

export function createNavStore() {
  return createStore<NavState>()((set) => ({
    tab: 'setup',
    show: (tab) => set({ tab }),
  }));
}
