// Warnings as the normal output says them: each kind once, with how many results it was raised on
// and which, instead of one line per result (a noisy machine raises the same warning on every
// backend). `--verbose` prints every result's own line (results-table's warningLines).
import type { WorkloadResult } from '../../shared/result-schema';
import { workloadName } from './results-table';

/** How many results a group names before "and N more". */
const NAMED = 3;

/**
 * The same warning on two results differs only in its figures ("The shortest sample (1.2 ms)…"):
 * without what is in brackets and with digits blanked, it is one kind.
 */
export function warningKind(text: string): string {
  return text.replace(/\([^()]*\)/g, '()').replace(/\d+([.,]\d+)?/g, '#');
}

export interface WarningGroup {
  /** The first result's own words, figures included. */
  text: string;
  on: string[];
  /** Whether every result said exactly `text` (else the figures in it are the first's). */
  same: boolean;
}

export function groupWarnings(results: readonly WorkloadResult[]): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  for (const r of results) {
    for (const w of r.warnings) {
      const kind = warningKind(w);
      const group = groups.get(kind) ?? { text: w, on: [], same: true };
      if (w !== group.text) group.same = false;
      const where = `${r.backend.label} / ${workloadName(r)}`;
      if (!group.on.includes(where)) group.on.push(where);
      groups.set(kind, group);
    }
  }
  return [...groups.values()];
}

export function groupedWarningLines(results: readonly WorkloadResult[]): string[] {
  return groupWarnings(results).flatMap((g) => {
    if (g.on.length === 1) return [`${g.on[0]}: ${g.text}`];
    const named = g.on.slice(0, NAMED).join(', ');
    const more = g.on.length > NAMED ? ` and ${g.on.length - NAMED} more` : '';
    const figures = g.same ? '' : " (the figures are the first one's)";
    return [g.text, `    on ${g.on.length} results${figures}: ${named}${more}`];
  });
}
