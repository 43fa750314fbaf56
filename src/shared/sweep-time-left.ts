// What a sweep still has to do after the setting measured now, each part at its own estimate:
// every setting not reached yet (its restart from the product's dry run, its run from the
// workloads' costs with the sweep's counts, raced when the sweep races) and, until it has
// started, putting the settings back (about one more switch, as the core's proposal counts it).
// paceOf (progress.ts) adds it to the time left of the setting measured now. One computation for
// the dashboard's sweep panel and the CLI's progress line. With the reverse pass, every setting
// comes twice (sweepSteps), and the time left counts both passes.
import { estimateRun, type EstimateCounts, type EstimatedWorkload } from './estimate';
import type { MountKind } from './ids';
import type { SweepRequest } from './sweep';

/** One setting of the sweep as its dry run planned it. */
export interface SweepSettingPlan {
  id: string;
  /** Seconds its switch takes when it restarts the product; 0 when nothing restarts. */
  restartSeconds: number;
  /** The mounts its run measures. */
  mounts: readonly MountKind[];
}

export interface SweepStillToCome {
  /** The waiting settings' restarts and putting the settings back. */
  restartSecondsLeft: number;
  /** The waiting settings' runs, least and most (a race's range). */
  laterSeconds: { low: number; high: number };
  /** Settings still to switch to. */
  settings: number;
}

/**
 * The settings in the order the sweep measures them: each once, then (with the reverse pass, when
 * there are two or more) each again in reverse order, A B C C B A, as core/sweep/sweep.ts runs them.
 */
export function sweepSteps(settings: readonly string[], reversePass: boolean): string[] {
  return reversePass && settings.length > 1 ? [...settings, ...[...settings].reverse()] : [...settings];
}

/**
 * Which steps of the sweep have begun, folded from its variant events. A step begins with the
 * first event of its setting after the step before it ended ('done' or 'skipped'): the events
 * carry the setting's id, not the pass, and the turn of a reverse pass measures the same setting
 * twice in a row.
 */
export interface SweepStepState {
  begun: number;
  inStep: boolean;
}

export const noStepsBegun: SweepStepState = { begun: 0, inStep: false };

export function foldSweepStep(state: SweepStepState, phase: string): SweepStepState {
  const begun = state.inStep ? state.begun : state.begun + 1;
  return { begun, inStep: phase !== 'done' && phase !== 'skipped' };
}

/** The steps not begun yet, ids repeating where the reverse pass measures a setting again. */
export function stepsWaiting(steps: readonly string[], state: SweepStepState): string[] {
  return steps.slice(state.begun);
}

export function sweepCounts(request: SweepRequest): EstimateCounts {
  return {
    size: request.size,
    runs: request.runs,
    warmup: request.warmup,
    ...(request.race ? { race: true } : {}),
    ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
  };
}

export function sweepStillToCome(input: {
  settings: readonly SweepSettingPlan[];
  /** Ids of the steps not begun yet (stepsWaiting): a setting twice when both its passes are to come. */
  waiting: readonly string[];
  /** The product restarts somewhere in the sweep, so putting the settings back restarts it once more. */
  restarts: boolean;
  /** Putting the settings back has not started yet. */
  restorePending: boolean;
  workloads: readonly EstimatedWorkload[];
  counts: EstimateCounts;
}): SweepStillToCome {
  let restartSecondsLeft = 0;
  const laterSeconds = { low: 0, high: 0 };
  for (const id of input.waiting) {
    const setting = input.settings.find((s) => s.id === id);
    if (!setting) continue;
    restartSecondsLeft += setting.restartSeconds;
    const estimate = estimateRun(input.workloads, setting.mounts, input.counts);
    laterSeconds.low += estimate.seconds;
    laterSeconds.high += estimate.maxSeconds;
  }
  if (input.restarts && input.restorePending)
    restartSecondsLeft += Math.max(0, ...input.settings.map((s) => s.restartSeconds));
  return { restartSecondsLeft, laterSeconds, settings: input.waiting.length };
}
