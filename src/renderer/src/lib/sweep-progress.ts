// A sweep's progress folded from its events: each variant's phase (with the product's own progress
// message while it restarts, k/n while it measures, why when skipped), then putting settings back.
import { estimateRun, type EstimateCounts, type EstimatedWorkload } from '../../../shared/estimate';
import { MOUNT_KINDS, type MountKind } from '../../../shared/ids';
import { emptyPace, foldPace, type PaceState } from '../../../shared/progress';
import type { SweepEvent, SweepFinish, SweepProposalView, SweepRequest } from '../../../shared/sweep';

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

/** What a sweep still has to do after the setting measured now: paceOf's restart and later seconds. */
export interface SweepStillToCome {
  /** The waiting settings' switches (each restart at the product's estimate) and putting the settings back. */
  restartSecondsLeft: number;
  /** The waiting settings' measuring, from the plan's costs (a race's least and most). */
  laterSeconds: { low: number; high: number };
  /** Settings still to switch to. */
  settings: number;
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
 * Switches and measuring still to come, each at its own estimate: every setting not reached yet
 * (its restart from the product's dry run, its run from the workloads' costs with the sweep's
 * counts, raced when the sweep races) and, until it has started, putting the settings back. Null
 * without the dry run (a sweep rejoined after a reload): then only the setting measured now has a
 * time left, and the panel says how many settings are still to come instead.
 */
export function sweepStillToCome(
  state: SweepProgressState,
  proposal: SweepProposalView | null,
  request: SweepRequest | null,
  workloads: readonly (EstimatedWorkload & { id: string })[],
): SweepStillToCome | null {
  if (!proposal || !request || state.finish) return null;
  const counts: EstimateCounts = {
    size: request.size,
    runs: request.runs,
    warmup: request.warmup,
    ...(request.race ? { race: true } : {}),
    ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
  };
  const chosen = workloads.filter((w) => request.workloads.some((id) => id === w.id));
  const waiting = state.variants.filter((v) => v.phase === 'waiting');
  let restartSecondsLeft = 0;
  const laterSeconds = { low: 0, high: 0 };
  for (const v of waiting) {
    const planned = proposal.variants.find((p) => p.id === v.id);
    if (planned?.plan?.restarts) restartSecondsLeft += planned.plan.estimatedSeconds;
    const estimate = estimateRun(chosen, mountsOf(proposal, v.id), counts);
    laterSeconds.low += estimate.seconds;
    laterSeconds.high += estimate.maxSeconds;
  }
  // Putting the settings back costs about one more switch (the core's proposal counts it so).
  if (proposal.restarts && state.restore.phase === 'pending')
    restartSecondsLeft += Math.max(0, ...proposal.variants.map((p) => p.plan?.estimatedSeconds ?? 0));
  return { restartSecondsLeft, laterSeconds, settings: waiting.length };
}
