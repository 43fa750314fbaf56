// A sweep's progress folded from its events: each variant's phase (with the product's own progress
// message while it restarts, k/n while it measures, why when skipped), then putting settings back.
import { emptyPace, foldPace, type PaceState } from '../../../shared/progress';
import type { SweepEvent, SweepFinish } from '../../../shared/sweep';

export type VariantPhase = 'waiting' | 'apply' | 'wait' | 'verify' | 'measure' | 'done' | 'skipped';

export interface VariantProgress {
  id: string;
  /** The variant in the product's words, once the core has named it; the id until then. */
  label: string;
  phase: VariantPhase;
  /** The product's latest word while restarting, or why the variant was skipped. */
  message: string | null;
  completed: number;
  total: number | null;
  /** The variant's run as progress folds it (shared/progress.ts): a race's range, its round. */
  pace: PaceState;
}

export interface SweepProgressState {
  sweepId: string;
  variants: VariantProgress[];
  restore: { phase: 'pending' | 'started' | 'done' | 'failed'; message: string | null };
  journal: string | null;
  finish: SweepFinish | null;
}

/** A variant the sweep has not reached yet. */
function waitingVariant(id: string): VariantProgress {
  return { id, label: id, phase: 'waiting', message: null, completed: 0, total: null, pace: emptyPace() };
}

export function emptySweep(sweepId: string, variants: readonly string[]): SweepProgressState {
  return {
    sweepId,
    variants: variants.map(waitingVariant),
    restore: { phase: 'pending', message: null },
    journal: null,
    finish: null,
  };
}

function withVariant(
  state: SweepProgressState,
  id: string,
  change: (v: VariantProgress) => VariantProgress,
): SweepProgressState {
  const known = state.variants.some((v) => v.id === id);
  const variants = known
    ? state.variants.map((v) => (v.id === id ? change(v) : v))
    : [...state.variants, change(waitingVariant(id))];
  return { ...state, variants };
}

/** The variant being switched or measured now, if any. */
function activeVariant(state: SweepProgressState): VariantProgress | undefined {
  return state.variants.find((v) => ['apply', 'wait', 'verify', 'measure'].includes(v.phase));
}

export function reduceSweep(state: SweepProgressState, event: SweepEvent): SweepProgressState {
  if (event.sweepId !== state.sweepId) return state;
  switch (event.type) {
    case 'journal':
      return { ...state, journal: event.file };
    case 'variant':
      return withVariant(state, event.variant, (v) => ({
        ...v,
        label: event.label,
        phase: event.phase,
        message: event.phase === 'skipped' ? (event.message ?? 'skipped') : null,
      }));
    case 'progress': {
      const active = activeVariant(state);
      return active ? withVariant(state, active.id, (v) => ({ ...v, message: event.message })) : state;
    }
    case 'run': {
      const inner = event.event;
      if (inner.type !== 'planned' && inner.type !== 'sample' && inner.type !== 'run-done') return state;
      return withVariant(state, event.variant, (v) => ({
        ...v,
        total: inner.type === 'planned' ? inner.totalExecutions : v.total,
        completed: inner.type === 'sample' ? inner.completedExecutions : v.completed,
        // The sweep's clock is not the point here (no time left is shown per setting): 0 will do.
        pace: foldPace(v.pace, inner, 0),
      }));
    }
    case 'restore':
      return { ...state, restore: { phase: event.phase, message: event.message ?? null } };
    case 'sweep-done':
      return { ...state, finish: event.finish };
    default:
      return state;
  }
}
