// "Apply this setting" from a recommendation: the dry run first (what restarts, which containers
// stop), the user's confirmation, then the apply as a job (job-store.ts): its progress, cancel by
// its id, how it ended, and rejoined after a reload.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { ProviderId } from '../../../shared/ids';
import type { JobPayloads } from '../../../shared/jobs';
import { isPayloadEnd, payloadJobId } from '../../../shared/jobs';
import {
  emptyApplyProgress,
  foldApplyEvent,
  type ApplyProgress,
  type ApplyProposal,
} from '../../../shared/sweep';
import { errorMessage } from '../lib/error-message';
import { jobSlice, jobsOfKind, type JobSlice } from './job-store';

export type { ApplyProgress } from '../../../shared/sweep';

export interface ApplyTarget {
  provider: ProviderId;
  variant: string;
}

// The store reads an apply's events only through the shared fold (the CLI uses the same one).
type ApplyPayload = JobPayloads['apply'];

export type ApplyState = JobSlice<ApplyTarget, ApplyPayload, ApplyProgress> & {
  /** The confirmation around a start: none → planning → confirming; error: the dry run or start failed. */
  dialog: 'none' | 'planning' | 'confirming' | 'error';
  /** What the dialog is about. */
  target: ApplyTarget | null;
  proposal: ApplyProposal | null;
  error: string | null;
  /** Dry run of switching `provider` to `variant`; opens the confirmation. */
  plan(provider: ProviderId, variant: string): Promise<void>;
  confirm(): Promise<void>;
  dismiss(): void;
};

export function createApplyStore(options: { api: MountbenchApi; onApplied?: () => void }) {
  const { api } = options;
  const applies = jobsOfKind(api, 'apply');
  return createStore<ApplyState>()((set, get) => ({
    ...jobSlice<ApplyTarget, ApplyPayload, ApplyProgress, ApplyState>(
      {
        noun: 'the apply',
        start: async ({ provider, variant }) =>
          (await api.jobs.start({ kind: 'apply', provider, variant })).jobId,
        cancel: applies.cancel,
        async active() {
          const apply = await applies.firstActive();
          return apply
            ? { id: apply.jobId, request: { provider: apply.provider, variant: apply.variant } }
            : null;
        },
        subscribe: applies.subscribe,
        idOf: (event) => payloadJobId('apply', event),
        empty: emptyApplyProgress,
        reduce: foldApplyEvent,
        isEnd: (event) => isPayloadEnd('apply', event),
        onEnd: () => options.onApplied?.(),
        onError: (_context, err) => set({ dialog: 'error', error: errorMessage(err) }),
      },
      set,
      get,
    ),
    dialog: 'none',
    target: null,
    proposal: null,
    error: null,

    async plan(provider, variant) {
      if (get().phase === 'active' || get().phase === 'starting') return;
      get().clear();
      set({ dialog: 'planning', target: { provider, variant }, proposal: null, error: null });
      try {
        const proposal = await api.providers.planApply(provider, variant);
        if (get().dialog === 'planning') set({ dialog: 'confirming', proposal });
      } catch (err) {
        set({ dialog: 'error', error: errorMessage(err) });
      }
    },

    async confirm() {
      const { target, dialog } = get();
      if (!target || dialog !== 'confirming') return;
      set({ dialog: 'none' });
      await get().start(target);
    },

    dismiss() {
      if (get().phase === 'active' || get().phase === 'starting') return;
      get().clear();
      set({ dialog: 'none', target: null, proposal: null, error: null });
    },
  }));
}
