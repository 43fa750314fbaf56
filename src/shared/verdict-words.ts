// The words of a verdict, one role at a time, shared by the recommendation card, the verdict strip,
// the share card, History and the Markdown export so they never word the same answer two ways.
// "Fastest, measurably" is said only of a backend measurably ahead of every rival in its role; a
// backend nothing rivalled is its role's "only option measured", never its fastest.
import type { RoleWinner, WinnerDrift, WinnerState } from './api';
import { withinMarginWords } from './equivalence-margin';
import { differencePercent, formatRatioInterval } from './format-ratio';
import type { RecommendationVerdict, RoleAnswer, SlowerOn } from './recommendation';
import { ROLE_NAMES, ROLE_TITLES, type Role } from './roles';

/**
 * How a tie is named: "Equivalent within ±10 %" when the ratios' intervals lie inside the margin;
 * "No measurable difference beyond the drift between passes (1.42×)" when the settings of a
 * bracketed sweep differ by no more than the machine drifted while they were measured; "No
 * measurable difference within what this sweep can resolve (about 18 %)" when a sweep's settings
 * showed no difference but its intervals could still hide one past the margin.
 */
export function tieWords(answer: Pick<RoleAnswer, 'margin' | 'drift' | 'resolution'> | undefined): string {
  if (answer?.drift) return `No measurable difference beyond ${driftPhrase(answer.drift)}`;
  if (answer?.resolution)
    return `No measurable difference ${resolutionPhrase(answer.resolution.factor, answer.resolution.by)}`;
  return `Equivalent${withinMarginWords(answer?.margin)}`;
}

/** A phrase these words give mid-sentence, to open a sentence with. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What measured a resolution: a run's race, else a sweep's settings. */
function resolvedByWord(by: 'race' | undefined): 'run' | 'sweep' {
  return by === 'race' ? 'run' : 'sweep';
}

/**
 * "within what this sweep can resolve (about 18 %)": a sweep's settings showed no difference, and
 * its widest interval says how large a difference could still hide in it (RoleAnswer.resolution);
 * "within what this run can resolve": the same of backends a run's race left undecided.
 */
export function resolutionPhrase(factor: number, by?: 'race'): string {
  return `within what this ${resolvedByWord(by)} can resolve (about ${differencePercent(factor)})`;
}

/**
 * "the drift between passes (1.42×)", or "the drift the host baseline showed (1.31×)": what a
 * sweep measured of the machine's drift between its settings (core/stats/pass-drift.ts).
 */
export function driftPhrase(drift: WinnerDrift): string {
  const factor = `${drift.factor.toFixed(2)}×`;
  return drift.source === 'control'
    ? `the drift the host baseline showed (${factor})`
    : `the drift between passes (${factor})`;
}

/**
 * "within the machine's drift between settings (1.78×)": said beside a ratio whose interval
 * excludes 1 yet reads as no measurable difference, because the settings were measured minutes
 * apart and the machine itself drifted at least that much between them (RankedBackend.withinDrift).
 */
export function withinDriftWords(factor: number): string {
  return `within the machine's drift between settings (${factor.toFixed(2)}×)`;
}

/**
 * "no measurable difference from 'X' beyond the drift between passes (1.42×)", or "… within what
 * this sweep can resolve (about 14 %)": a tie against `others` that is not an equivalence, as the
 * CLI's answer lines say it; null for a tie within the margin, which each line words with its own
 * margin.
 */
export function differenceFromWords(
  others: string,
  answer: Pick<RoleAnswer, 'drift' | 'resolution'> | undefined,
): string | null {
  if (answer?.drift) return `no measurable difference from ${others} beyond ${driftPhrase(answer.drift)}`;
  if (answer?.resolution)
    return `no measurable difference from ${others} ${resolutionPhrase(answer.resolution.factor, answer.resolution.by)}`;
  return null;
}

/**
 * "weighed without sync-latency: none of its backends ran it": the workloads a role's score left out
 * (RoleAnswer.weighedWithout), or null when it left none.
 */
export function weighedWithoutWords(without: readonly string[] | undefined): string | null {
  if (!without?.length) return null;
  return `weighed without ${without.join(', ')}: none of its backends ran ${without.length === 1 ? 'it' : 'them'}`;
}

/** The card's headline for an answer of this verdict in this role. */
export function verdictHeadline(
  verdict: RecommendationVerdict,
  role: Role,
  answer?: Pick<RoleAnswer, 'margin' | 'drift' | 'resolution'>,
): string {
  switch (verdict) {
    case 'winner':
      return 'Fastest, measurably';
    case 'only-option':
      return `Only option measured for ${ROLE_NAMES[role]}`;
    case 'no-measurable-difference':
      if (answer?.drift)
        return `${tieWords(answer)}: the machine drifted more than the settings differ, the simplest is chosen`;
      if (answer?.resolution)
        return `${tieWords(answer)}: the simplest is chosen${answer.resolution.size === 'quick' ? `; a Standard ${resolvedByWord(answer.resolution.by)} sees finer differences` : ''}`;
      return `${tieWords(answer)}: no difference worth having, the simplest is chosen`;
    case 'significance-unknown':
      return 'Fastest by the figures (too few runs to test significance)';
    case 'not-decided':
      return 'Not decided yet: more samples would decide it';
    case 'no-data':
      return 'Nothing to rank';
  }
}

/** The state History and the strip give an answer; a race left open settles nothing. */
export function winnerState(verdict: RecommendationVerdict, open: boolean): WinnerState {
  if (verdict === 'only-option') return 'only';
  if (open) return 'undecided';
  if (verdict === 'no-measurable-difference') return 'tie';
  if (verdict === 'winner') return 'decided';
  return 'undecided';
}

/**
 * "bind mount · native (only option measured)": one role's answer after its title. A tie within the
 * machine's drift (`drift`) is "no measurable difference", never "equivalent": nothing showed the
 * settings alike, only that the machine moved more than they differ.
 */
export function winnerWords(
  state: WinnerState,
  label: string,
  drift?: WinnerDrift,
  resolution?: number,
  resolvedBy?: 'race',
): string {
  switch (state) {
    case 'decided':
      return `${label} (fastest, measurably)`;
    case 'only':
      return `${label} (only option measured: nothing to compare it with)`;
    case 'tie':
      if (drift) return `${label} (no measurable difference beyond ${driftPhrase(drift)}: the simplest)`;
      if (resolution)
        return `${label} (no measurable difference ${resolutionPhrase(resolution, resolvedBy)}: the simplest)`;
      return `${label} (equivalent: the simplest)`;
    case 'undecided':
      return `not decided yet (${label} for now)`;
  }
}

/** "Source tree: bind mount · native (only option measured: …)". */
export function roleWinnerLine(w: RoleWinner): string {
  return `${ROLE_TITLES[w.role]}: ${winnerWords(w.state, w.label, w.drift, w.resolution, w.resolvedBy)}`;
}

/**
 * A tie's drift or a sweep's resolution, for the words: only a tie said "beyond the drift" or
 * "within what this sweep can resolve" has one.
 */
export function tieDrift(
  answer: Pick<RoleAnswer, 'drift' | 'resolution'>,
  state: WinnerState,
): Pick<RoleWinner, 'drift' | 'resolution' | 'resolvedBy'> {
  if (state !== 'tie') return {};
  if (answer.drift) return { drift: { factor: answer.drift.factor, source: answer.drift.source } };
  if (!answer.resolution) return {};
  return {
    resolution: answer.resolution.factor,
    ...(answer.resolution.by ? { resolvedBy: answer.resolution.by } : {}),
  };
}

/** One role's answer as a line; `open`: a race of this role ran out of its time budget (open). */
export function roleAnswerLine(answer: RoleAnswer, open = false): string {
  if (!answer.choice || answer.verdict === 'no-data') return `${ROLE_TITLES[answer.role]}: nothing measured`;
  const state = winnerState(answer.verdict, open);
  if (state === 'undecided' && answer.tied.length > 1)
    return `${ROLE_TITLES[answer.role]}: not decided yet between ${answer.tied.map((b) => b.label).join(', ')}`;
  return roleWinnerLine({ role: answer.role, state, label: answer.choice.label, ...tieDrift(answer, state) });
}

/**
 * "Slower where it loses: small-file read, 1.55 × (1.12 … 2.14) the time of bind mount · VZ…": the
 * workloads on which the chosen backend is measurably slower than a rival of its role, widest gap
 * first; null when there are none. `nameOf` words a workload key as the caller's view does.
 */
export function slowerOnSentence(
  slower: readonly SlowerOn[] | undefined,
  nameOf: (workloadKey: string) => string,
): string | null {
  if (!slower?.length) return null;
  const parts = slower.map(
    (s) => `${nameOf(s.workloadKey)}, ${formatRatioInterval(s)} the time of ${s.than.label}`,
  );
  return `Slower where it loses: ${parts.join('; ')}.`;
}
