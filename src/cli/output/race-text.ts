// How a racing run ended, for the terminal: per workload and role, who left when and why, and
// every comparison with its interval, decided or not (`--verbose`). An undecided one says how to
// keep measuring (also at the end of the run's summary).
import { continuationOf } from '../../shared/continuation';
import { formatRatioInterval } from '../../shared/format-ratio';
import type { RunFile } from '../../shared/result-schema';
import { ROLE_LABELS } from '../../shared/roles';
import { marginWords } from '../../shared/equivalence-margin';
import { futileWords } from '../../shared/futile-words';
import { futileRaces } from '../../shared/race-undecided';
import { capitalized } from '../../shared/verdict-words';
import { continuationCommand } from './continuation-command';

const OUTCOME_WORDS = {
  decided: 'decided',
  tied: 'equivalent, within the margin',
  futile: 'CANNOT TELL APART at this size',
  cap: 'STOPPED AT THE CAP without calling a difference',
  budget: 'NOT DECIDED when the time budget ended',
} as const;

/** Everything the race decided, and how to keep measuring what it did not. */
export function raceLines(run: RunFile): string[] {
  return [...raceDiagnosticLines(run), ...continuationLines(run)];
}

/** The race's rule, and per workload and role who left when and each comparison with its interval. */
export function raceDiagnosticLines(run: RunFile): string[] {
  const race = run.race;
  if (!race) return [];
  const label = new Map(run.results.map((r) => [r.backend.id, r.backend.label]));
  const name = (id: string) => label.get(id) ?? id;
  const { rule } = race;
  const out = [
    `racing: at least ${rule.minSamples} and at most ${rule.maxSamples} samples; each look at α = ${rule.perLookAlpha.toPrecision(2)} ` +
      `(${rule.alpha} over the most looks), Holm across pairs; equivalent within ${marginWords(rule.tieMargin)} ` +
      `(each pair's two one-sided tests at that level)` +
      (race.budgetSeconds ? `; budget ${Math.round(race.budgetSeconds / 60)} min` : ''),
  ];
  for (const w of race.workloads) {
    out.push(
      `  ${w.workloadKey} · ${ROLE_LABELS[w.role]}: ${OUTCOME_WORDS[w.outcome]} after ${w.rounds} rounds`,
    );
    for (const exit of w.exits.filter((e) => e.reason === 'slower'))
      out.push(
        `    ${name(exit.backendId)} left after round ${exit.round}: slower than ${name(exit.slowerThan ?? '')}`,
      );
    for (const c of w.comparisons)
      out.push(
        `    ${name(c.a)} takes ${formatRatioInterval(c)} as long as ${name(c.b)}: ${comparisonWord(c, w.outcome)}`,
      );
  }
  return out;
}

/** A tie's intervals are the ones it was read off: equivalent, not "not decided yet". */
function comparisonWord(c: { decided: boolean }, outcome: string): string {
  if (c.decided) return 'decided';
  return outcome === 'tied' ? 'equivalent' : 'not decided yet';
}

/**
 * How to keep measuring what a race left undecided; nothing when every comparison was decided.
 * The run's summary ends on these, without the race's other diagnostics.
 */
export function continuationLines(run: RunFile): string[] {
  return [...futileLines(run), ...keepMeasuringLines(run)];
}

/** A race that more samples at this size would not decide says so, and what would. */
function futileLines(run: RunFile): string[] {
  const futile = futileRaces(run);
  if (!futile.length) return [];
  const words = futileWords(futile, run.results[0]?.workload.size, 'the backends');
  return [`  ${capitalized(words)}.`];
}

function keepMeasuringLines(run: RunFile): string[] {
  const undecided = run.race?.workloads.some((w) => w.outcome === 'cap' || w.outcome === 'budget');
  if (!undecided) return [];
  const next = continuationOf(run);
  if (next.request)
    return [
      '  To keep measuring what the race left open (same settings, those workloads and backends only):',
      `    ${continuationCommand(next.request)}`,
      '  or run again with a larger --max-runs or a longer --budget.',
    ];
  return [`  Left open, and ${next.reason}: run again with a larger --max-runs or a longer --budget.`];
}
