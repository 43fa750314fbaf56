// Settings of a sweep are measured one after another, each behind a restart, minutes apart: the
// machine drifts between them (load, heat, an indexer), and interleaving cannot cross a restart.
// Two guards, each from what the sweep measured:
// - the bracket: every setting measured twice, A B … B A (core/sweep/sweep.ts). How far a
//   setting's two passes moved apart is how far the machine drifted while the settings were
//   measured, and a difference between two settings no larger than that is no measurable
//   difference, whatever Welch's test says: the test assumes both sides were measured under the
//   same conditions, and across a restart they were not;
// - the control: the host baseline, which no setting touches, measured beside each setting
//   (core/sweep/control.ts). A difference between settings counts only when it stands once the
//   control's own change between them is taken out (ratio-interval.ts, controlledRatioInterval):
//   this catches a drift that falls on one setting's both passes, which the bracket cannot see.
// Two backends of one setting ran in one run, interleaved round by round: neither guard applies.
import type { ControlFigure, RaceSpent } from '../../shared/comparison';
import type { BackendRef } from '../../shared/recommendation';
import { controlledRatioInterval, excludesOne, type RatioSide } from './ratio-interval';
import { spentLevel } from './race-spent';
import { compareTimes, type Comparison, type TimeSummary } from './significance';

/** What the guards need of a backend's figures on one workload. */
export interface DriftSide extends TimeSummary {
  backend: Pick<BackendRef, 'provider' | 'fileSharing'>;
  /** Its setting's two passes apart, as a factor ≥ 1 (ComparisonRow.passDrift); absent: one pass. */
  passDrift?: number;
  /** The sweep's control measured in its setting (ComparisonRow.control). */
  control?: ControlFigure;
  /** Still racing when its race stopped without a verdict (ComparisonRow.raceSpent). */
  raceSpent?: RaceSpent;
}

/** How far the machine drifted between two settings, and what showed it. */
export interface Drift {
  factor: number;
  source: 'passes' | 'control';
}

/** Two backends measured under different settings of one product: across a restart. */
function acrossSettings(a: DriftSide, b: DriftSide): boolean {
  return a.backend.provider === b.backend.provider && a.backend.fileSharing !== b.backend.fileSharing;
}

/**
 * Two settings of a sweep: measured behind a restart from each other, which a sweep's rows show by
 * the control measured beside each setting or the bracket's two passes. No race crosses a restart,
 * so nothing can sample on between them. Two variants of one run (native and FUSE bind mounts on a
 * Linux engine) are settings too, but they ran interleaved in one race.
 */
export function sweptApart(a: DriftSide, b: DriftSide): boolean {
  return acrossSettings(a, b) && [a, b].some((s) => s.control !== undefined || s.passDrift !== undefined);
}

/**
 * The control of both settings, when it can be one: measured under each, and on the same
 * filesystem under each. A control whose own folder sat on another filesystem under the other
 * setting was touched by it (a share mounted over the folder the host works in, as the Docker
 * Desktop stand-in's is): its change is partly the setting's, so it bounds nothing.
 */
function controlsOf(a: DriftSide, b: DriftSide): [ControlFigure, ControlFigure] | null {
  if (!a.control || !b.control || !(a.control.mean > 0) || !(b.control.mean > 0)) return null;
  return a.control.fsType === b.control.fsType ? [a.control, b.control] : null;
}

/** How far the control moved between the two settings, as a factor ≥ 1; null without it. */
function controlFactor(a: DriftSide, b: DriftSide): number | null {
  const controls = controlsOf(a, b);
  if (!controls) return null;
  const [ca, cb] = controls;
  return Math.max(ca.mean / cb.mean, cb.mean / ca.mean);
}

/**
 * The drift between two backends' settings and what showed it: the largest of their settings'
 * drifts between passes and of their controls' change; null when they ran under one setting, or
 * nothing measured a drift (one pass, no control).
 */
export function driftOf(a: DriftSide, b: DriftSide): Drift | null {
  if (!acrossSettings(a, b)) return null;
  const passes = Math.max(a.passDrift ?? 1, b.passDrift ?? 1);
  const control = controlFactor(a, b) ?? 1;
  const drift: Drift =
    control > passes ? { factor: control, source: 'control' } : { factor: passes, source: 'passes' };
  return drift.factor > 1 && Number.isFinite(drift.factor) ? drift : null;
}

export interface DriftComparison extends Comparison {
  /** The drift between the two settings (driftOf); null where the guards do not apply. */
  drift: Drift | null;
  /** Welch's test called a difference, but a guard took it back: what showed the drift. */
  withinDrift: Drift | null;
}

/** Whether a ratio (either way round) is no further from 1 than the drift factor. */
function ratioWithinDrift(ratio: number, drift: number): boolean {
  return ratio > 0 && Number.isFinite(ratio) && Math.max(ratio, 1 / ratio) <= drift;
}

function ratioSide(figure: { mean: number; stddev: number | null; runs: number }): RatioSide | null {
  return figure.stddev === null ? null : { mean: figure.mean, variance: figure.stddev ** 2, n: figure.runs };
}

/** Whether the difference still stands with the control's change between the settings taken out. */
function standsBesideControl(a: DriftSide, b: DriftSide): boolean {
  const controls = controlsOf(a, b);
  if (!controls) return true;
  const sides = [a, b, ...controls].map(ratioSide);
  if (sides.some((s) => s === null)) return true;
  const [sa, sb, ca, cb] = sides as RatioSide[];
  const interval = controlledRatioInterval(sa, sb, ca, cb);
  return interval === null || excludesOne(interval);
}

/** compareTimes, with a difference between settings that the drift accounts for read as none. */
export function compareBeyondDrift(a: DriftSide, b: DriftSide): DriftComparison {
  // Two backends one race left undecided are compared at the level that race tested at.
  const compared = compareTimes(a, b, spentLevel(a, b) ?? undefined);
  const drift = driftOf(a, b);
  const differs = compared.verdict === 'faster' || compared.verdict === 'slower';
  if (!drift || !differs) return { ...compared, drift, withinDrift: null };
  const control = controlFactor(a, b);
  if (control !== null && !standsBesideControl(a, b))
    return {
      ...compared,
      verdict: 'no-measurable-difference',
      drift,
      withinDrift: { factor: control, source: 'control' },
    };
  const passes = Math.max(a.passDrift ?? 1, b.passDrift ?? 1);
  if (passes > 1 && ratioWithinDrift(compared.ratio, passes))
    return {
      ...compared,
      verdict: 'no-measurable-difference',
      drift,
      withinDrift: { factor: passes, source: 'passes' },
    };
  return { ...compared, drift, withinDrift: null };
}

/** A setting's two passes apart as a factor ≥ 1, from their means; null when either is not positive. */
export function passDriftOf(first: number, second: number): number | null {
  if (!(first > 0) || !(second > 0) || !Number.isFinite(first) || !Number.isFinite(second)) return null;
  return Math.max(first / second, second / first);
}
