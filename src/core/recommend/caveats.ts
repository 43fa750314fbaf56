// What a reader must know before trusting the answer, in plain sentences.
import type { ComparisonRow } from '../../shared/comparison';
import type { UnscoredBackend, WorkloadRanking } from '../../shared/recommendation';

const MAX_LISTED = 6;

function list(items: string[]): string {
  return items.length <= MAX_LISTED
    ? items.join(', ')
    : `${items.slice(0, MAX_LISTED).join(', ')} and ${items.length - MAX_LISTED} more`;
}

export interface CaveatInput {
  rows: readonly ComparisonRow[];
  rankings: readonly WorkloadRanking[];
  unscored: readonly UnscoredBackend[];
  unmeasured: readonly string[];
  pickCaveats: readonly string[];
}

export function caveats(input: CaveatInput): string[] {
  const out: string[] = [...input.pickCaveats];
  for (const key of input.unmeasured) {
    out.push(`The profile weighs ${key}, but no backend measured it: the score leaves it out.`);
  }
  for (const u of input.unscored) {
    out.push(`${u.backend.label} is ranked apart: ${u.reason}.`);
  }
  const single = input.rankings.flatMap((r) =>
    r.entries
      .filter((e) => e.runs < 2 || e.stddev === null)
      .map((e) => `${e.backend.label} on ${r.workloadKey}`),
  );
  if (single.length > 0) {
    out.push(
      `A single run or no σ, so significance is unknown: ${list(single)}. Run with more runs to be sure.`,
    );
  }
  const published = [
    ...new Set(input.rows.flatMap((r) => (r.source.kind === 'published' ? [r.source.title] : []))),
  ];
  if (published.length > 0) {
    out.push(`Published figures, not measured here: ${published.join('; ')}.`);
  }
  if (input.rankings.some((r) => r.baseline !== null)) {
    out.push('The host baseline (no container) is shown apart and never recommended.');
  }
  for (const row of input.rows) {
    if (row.note) out.push(`${row.backend.label} on ${row.workload.key}: ${row.note}`);
  }
  return out;
}
