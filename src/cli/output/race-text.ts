// How a racing run ended, for the terminal: per workload and role, who left when and why, and
// every comparison with its interval, decided or not. An undecided one says how to keep measuring.
import { continuationOf } from '../../shared/continuation';
import { formatRatioInterval } from '../../shared/format-ratio';
import type { RunFile } from '../../shared/result-schema';
import { ROLE_LABELS } from '../../shared/roles';
import { continuationCommand } from './continuation-command';

const OUTCOME_WORDS = {
  decided: 'decided',
  tied: 'tied within the practical margin',
  cap: 'NOT DECIDED at the cap',
  budget: 'NOT DECIDED when the time budget ended',
} as const;

export function raceLines(run: RunFile): string[] {
  const race = run.race;
  if (!race) return [];
  const label = new Map(run.results.map((r) => [r.backend.id, r.backend.label]));
  const name = (id: string) => label.get(id) ?? id;
  const { rule } = race;
  const out = [
    `racing: at least ${rule.minSamples} and at most ${rule.maxSamples} samples; each look at α = ${rule.perLookAlpha.toPrecision(2)} ` +
      `(${rule.alpha} over the most looks), Holm across pairs; ties within ±${rule.tieMargin * 100} %` +
      (race.budgetSeconds ? `; budget ${Math.round(race.budgetSeconds / 60)} min` : ''),
  ];
  let undecided = false;
  for (const w of race.workloads) {
    if (w.outcome === 'cap' || w.outcome === 'budget') undecided = true;
    out.push(
      `  ${w.workloadKey} · ${ROLE_LABELS[w.role]}: ${OUTCOME_WORDS[w.outcome]} after ${w.rounds} rounds`,
    );
    for (const exit of w.exits.filter((e) => e.reason === 'slower'))
      out.push(
        `    ${name(exit.backendId)} left after round ${exit.round}: slower than ${name(exit.slowerThan ?? '')}`,
      );
    for (const c of w.comparisons)
      out.push(
        `    ${name(c.a)} takes ${formatRatioInterval(c)} as long as ${name(c.b)}: ${c.decided ? 'decided' : 'not decided yet'}`,
      );
  }
  if (!undecided) return out;
  const next = continuationOf(run);
  if (next.request)
    out.push(
      '  To keep measuring what is not decided (same settings, those workloads and backends only):',
      `    ${continuationCommand(next.request)}`,
      '  or run again with a larger --max-runs or a longer --budget.',
    );
  else
    out.push(`  Not decided, and ${next.reason}: run again with a larger --max-runs or a longer --budget.`);
  return out;
}
