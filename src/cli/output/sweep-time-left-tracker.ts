// The CLI sweep's time left after the setting measured now: every step not begun yet (both passes
// with --reverse-pass) and putting the settings back, from the job's own dry run, handed over as
// the job starts (settings-jobs.ts `proposed`), so the sweep is planned once.
import type { SweepProposal } from '../../core/sweep';
import type { EstimatedWorkload } from '../../shared/estimate';
import { bracketed, type SweepRequest } from '../../shared/sweep';
import {
  foldSweepStep,
  noStepsBegun,
  stepsWaiting,
  sweepCounts,
  sweepSteps,
  sweepStillToCome,
  type SweepStepState,
  type SweepStillToCome,
} from '../../shared/sweep-time-left';

export class SweepTimeLeftTracker {
  private planned: SweepProposal | null = null;
  private steps: SweepStepState = noStepsBegun;
  private restorePending = true;

  constructor(
    private readonly request: SweepRequest,
    private readonly workloads: readonly EstimatedWorkload[],
  ) {}

  /** The job's dry run, made once as it starts. */
  proposed(proposal: SweepProposal): void {
    this.planned = proposal;
  }

  /** A variant event's phase: the first of a step begins it, 'done' or 'skipped' ends it. */
  variant(phase: string): void {
    this.steps = foldSweepStep(this.steps, phase);
  }

  restoreStarted(): void {
    this.restorePending = false;
  }

  /** Null before the dry run has arrived: then only the run measured now has a time left. */
  stillToCome(): SweepStillToCome | null {
    const planned = this.planned;
    if (!planned) return null;
    const ids = planned.variants.map((v) => v.spec.id);
    return sweepStillToCome({
      settings: planned.variants.map((v) => ({
        id: v.spec.id,
        restartSeconds: v.plan?.restarts ? v.plan.estimatedSeconds : 0,
        mounts: planned.backends.filter((b) => b.variant === v.spec.id).map((b) => b.mount),
      })),
      waiting: stepsWaiting(sweepSteps(ids, bracketed(this.request, ids.length)), this.steps),
      restarts: planned.restarts,
      restorePending: this.restorePending,
      workloads: this.workloads,
      counts: sweepCounts(this.request),
    });
  }
}
