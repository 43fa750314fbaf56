// "Apply this setting" from a recommendation: the dry run first (what restarts, which containers
// stop), the user's confirmation, then the switch with its progress, and how it ended.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import type { ProviderId } from '../../../shared/ids';
import type { ApplyPhase, ApplyProposal, ApplyResult, SweepEvent } from '../../../shared/sweep';

export interface ApplyState {
  /** idle → planning → confirming → applying → done; error: the dry run or the call failed. */
  phase: 'idle' | 'planning' | 'confirming' | 'applying' | 'done' | 'error';
  target: { provider: ProviderId; variant: string } | null;
  proposal: ApplyProposal | null;
  step: { phase: ApplyPhase; message: string | null } | null;
  result: ApplyResult | null;
  error: string | null;
  /** Dry run of switching `provider` to `variant`; opens the confirmation. */
  plan(provider: ProviderId, variant: string): Promise<void>;
  confirm(): Promise<void>;
  /** Asks the core to stop; it puts the originals back and `confirm` ends with how that went. */
  cancel(): Promise<void>;
  cancelling: boolean;
  dismiss(): void;
  receive(event: SweepEvent): void;
  listen(signal: AbortSignal): void;
}

export function createApplyStore(options: { api: MountbenchApi; onApplied?: () => void }) {
  const { api } = options;
  return createStore<ApplyState>()((set, get) => ({
    phase: 'idle',
    target: null,
    proposal: null,
    step: null,
    result: null,
    error: null,
    cancelling: false,

    async plan(provider, variant) {
      if (get().phase === 'applying') return;
      set({
        phase: 'planning',
        target: { provider, variant },
        proposal: null,
        result: null,
        error: null,
        step: null,
      });
      try {
        const proposal = await api.providers.planApply(provider, variant);
        if (get().phase === 'planning') set({ phase: 'confirming', proposal });
      } catch (err) {
        set({ phase: 'error', error: (err as Error).message });
      }
    },

    async confirm() {
      const { target, phase } = get();
      if (!target || phase !== 'confirming') return;
      set({ phase: 'applying', step: null, cancelling: false });
      try {
        const result = await api.providers.apply(target.provider, target.variant);
        set({ phase: 'done', result, cancelling: false });
        options.onApplied?.();
      } catch (err) {
        set({ phase: 'error', error: (err as Error).message, cancelling: false });
      }
    },

    async cancel() {
      if (get().phase !== 'applying' || get().cancelling) return;
      set({ cancelling: true });
      try {
        await api.providers.cancelApply();
      } catch (err) {
        // Already over: its result arrives through confirm().
        if (get().phase === 'applying') set({ cancelling: false, error: (err as Error).message });
      }
    },

    dismiss() {
      if (get().phase === 'applying') return;
      set({ phase: 'idle', target: null, proposal: null, result: null, error: null, step: null });
    },

    receive(event) {
      if (event.type !== 'apply' || get().phase !== 'applying') return;
      set({ step: { phase: event.phase, message: event.message ?? null } });
    },

    listen(signal) {
      api.sweeps.onEvent((event) => get().receive(event), { signal });
    },
  }));
}
