// Messages for the error banner: what failed, in the core's words (never Electron's wrapper).
import { createStore } from 'zustand/vanilla';
import { errorMessage } from '../lib/error-message';

export interface Notice {
  id: number;
  /** What the user was doing: "Could not start the run". */
  context: string;
  message: string;
}

export interface NoticesState {
  notices: Notice[];
  report(context: string, err: unknown): void;
  dismiss(id: number): void;
}

/** Older messages scroll away: a banner is for what just happened. */
const MAX_NOTICES = 3;

export function createNoticesStore() {
  let next = 1;
  return createStore<NoticesState>()((set) => ({
    notices: [],
    report(context, err) {
      const notice = { id: next++, context, message: errorMessage(err) };
      set((s) => ({ notices: [...s.notices, notice].slice(-MAX_NOTICES) }));
    },
    dismiss(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
  }));
}
