// Publish to the team dataset (docs/team.md), from History's ticked runs: where to, under which
// branch and label, then exactly what will be shared (the core's preview: every file's bytes),
// and only then the send. A preview belongs to the runs and label it was made for: change either
// and it must be made again before anything is sent.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { TeamPublishOutcome, TeamPublishPreview } from '../../../shared/team';
import { errorMessage } from '../lib/error-message';

export interface PublishState {
  to: string;
  branch: string;
  label: string;
  status: 'idle' | 'previewing' | 'preview' | 'publishing' | 'done' | 'error';
  error: string | null;
  /** The preview shown, and the runs and label it was made for. */
  preview: { runIds: string[]; label: string | null; files: TeamPublishPreview['files'] } | null;
  outcome: TeamPublishOutcome | null;
  setTo(to: string): void;
  setBranch(branch: string): void;
  setLabel(label: string): void;
  /** Asks the core what would be sent for these runs; sends nothing. */
  showPreview(runIds: string[]): Promise<void>;
  /** Sends what the preview showed, when it still matches `runIds` and the label. */
  publish(runIds: string[]): Promise<void>;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const sameRuns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The preview still stands for these runs and the label typed now. */
export function previewMatches(
  state: Pick<PublishState, 'preview' | 'label'>,
  runIds: readonly string[],
): boolean {
  return (
    state.preview !== null &&
    sameRuns(state.preview.runIds, runIds) &&
    state.preview.label === orNull(state.label)
  );
}

export function createPublishStore(options: { api: MountbenchApi }) {
  const { api } = options;
  return createStore<PublishState>()((set, get) => ({
    to: '',
    branch: '',
    label: '',
    status: 'idle',
    error: null,
    preview: null,
    outcome: null,
    setTo: (to) => set({ to }),
    setBranch: (branch) => set({ branch }),
    // A new label changes the bytes: the preview made with the old one no longer says what is sent.
    setLabel: (label) => set({ label }),
    async showPreview(runIds) {
      const label = orNull(get().label);
      set({ status: 'previewing', error: null, outcome: null });
      try {
        const preview = await api.team.publishPreview({ runIds, label });
        set({ status: 'preview', preview: { runIds: [...runIds], label, files: preview.files } });
      } catch (err) {
        set({ status: 'error', error: errorMessage(err), preview: null });
      }
    },
    async publish(runIds) {
      const state = get();
      if (!previewMatches(state, runIds)) {
        set({
          status: 'error',
          error: 'Show what will be shared first: the runs or the label changed since.',
        });
        return;
      }
      const to = state.to.trim();
      if (!to) {
        set({
          status: 'error',
          error: 'Type where the dataset is: a git URL, a local repository or a folder.',
        });
        return;
      }
      set({ status: 'publishing', error: null });
      try {
        const outcome = await api.team.publish({
          to,
          branch: orNull(state.branch),
          runIds: [...runIds],
          label: state.preview!.label,
        });
        set({ status: 'done', outcome });
      } catch (err) {
        // The preview stays: nothing was sent, so the same send can be tried again.
        set({ status: 'error', error: errorMessage(err) });
      }
    },
  }));
}
