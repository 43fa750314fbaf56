// A sweep's progress folded from its events: each variant's phase (with the product's own progress
// message while it restarts, k/n while it measures, why when skipped), then putting settings back.
import type { EstimatedWorkload } from '../../../shared/estimate';
import { MOUNT_KINDS, type MountKind } from '../../../shared/ids';
import { emptyPace, foldPace, type PaceState } from '../../../shared/progress';
import {
  bracketed,
  type SweepEvent,
  type SweepFinish,
  type SweepProposalView,
  type SweepRequest,
} from '../../../shared/sweep';
import {
  foldSweepStep,
  noStepsBegun,
  stepsWaiting,
  sweepCounts,
  sweepSteps,
  sweepStillToCome as stillToCome,
  type SweepStepState,
  type SweepStillToCome,
} from '../../../shared/sweep-time-left';

export type { SweepStillToCome };

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
  /** Which steps have begun: with a reverse pass each setting is a step twice (sweepSteps). */
  steps: SweepStepState;
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
    steps: noStepsBegun,
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

/**
 * Folds one event. `nowMs` is when it arrived: the measuring setting's speed (and so the time left)
 * is timed from its first sample, as a run's is.
 */
export function reduceSweep(
  state: SweepProgressState,
  event: SweepEvent,
  nowMs: number = Date.now(),
): SweepProgressState {
  if (event.sweepId !== state.sweepId) return state;
  switch (event.type) {
    case 'journal':
      return { ...state, journal: event.file };
    case 'variant':
      return withVariant(
        { ...state, steps: foldSweepStep(state.steps, event.phase) },
        event.variant,
        (v) => ({
          ...v,
          label: event.label,
          phase: event.phase,
          message: event.phase === 'skipped' ? (event.message ?? 'skipped') : null,
        }),
      );
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
        pace: foldPace(v.pace, inner, nowMs),
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

/** The mounts a setting's run measures, from the dry run's backend ids (`provider/variant/mount`). */
function mountsOf(proposal: SweepProposalView, variant: string): MountKind[] {
  const prefix = `${proposal.provider.id}/${variant}/`;
  return proposal.backends
    .filter((b) => b.id.startsWith(prefix))
    .map((b) => b.id.slice(prefix.length))
    .filter((m): m is MountKind => (MOUNT_KINDS as readonly string[]).includes(m));
}

/**
 * What is still to come after the setting measured now (shared/sweep-time-left.ts), from Setup's
 * dry run of this sweep. Null without it (a sweep rejoined after a reload): then only the setting
 * measured now has a time left, and the panel says how many settings are still to come instead.
 */
export function sweepStillToCome(
  state: SweepProgressState,
  proposal: SweepProposalView | null,
  request: SweepRequest | null,
  workloads: readonly (EstimatedWorkload & { id: string })[],
): SweepStillToCome | null {
  if (!proposal || !request || state.finish) return null;
  return stillToCome({
    settings: proposal.variants.map((v) => ({
      id: v.id,
      restartSeconds: v.plan?.restarts ? v.plan.estimatedSeconds : 0,
      mounts: mountsOf(proposal, v.id),
    })),
    // Every step not begun, both passes of a reverse pass: the steps' order is the dry run's.
    waiting: stepsWaiting(
      sweepSteps(
        proposal.variants.map((v) => v.id),
        bracketed(request, proposal.variants.length),
      ),
      state.steps,
    ),
    restarts: proposal.restarts,
    restorePending: state.restore.phase === 'pending',
    workloads: workloads.filter((w) => request.workloads.some((id) => id === w.id)),
    counts: sweepCounts(request),
  });
}
