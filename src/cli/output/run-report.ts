// What `mountbench run` and `sweep` print once the measuring is done, in two parts: the body (the
// table and the notes on its figures) and the summary the output ends on. The race's pair-by-pair
// diagnostics, every result's own warnings and the full recommendation are `--verbose`; without
// it each kind of warning is said once.
import type { Profile, Recommendation } from '../../shared/recommendation';
import type { RunFile } from '../../shared/result-schema';
import { syncNoteLines } from '../../shared/sync-note';
import { DERIVED_NOTES_TITLE, derivedNoteLines } from '../../shared/derived-figures';
import { dependencySplitWords } from '../../shared/dependency-split';
import { npmLayoutSentence } from '../../shared/npm-layouts';
import { coldCacheNote, firstRunLines } from '../../shared/cold-warm-words';
import { rowsFromRun } from '../../core/compare';
import { profileByName, recommend } from '../../core/recommend';
import { continuationLines, raceDiagnosticLines } from './race-text';
import { formatRecommendation } from './recommendation-text';
import { markdownTable, textTable, warningLines } from './results-table';
import { recommendPerRole } from './role-recommendations';
import { runSummaryLines } from './run-summary-text';
import { groupedWarningLines } from './warning-groups';

export interface ReportOptions {
  markdown?: boolean;
  verbose?: boolean;
  /** The user's --profile; the summary weighs with the Balanced one without it. */
  profile: Profile | null;
}

export interface RunReport {
  /** The table and its notes; empty when nothing was measured. */
  body: string;
  /** The block the output ends on; empty when nothing was measured. */
  summary: string;
  /** With --profile: the recommendation over every backend, which --fail-if-not checks. */
  recommendation: Recommendation | null;
}

function section(title: string, lines: readonly string[]): string[] {
  return lines.length ? ['', title, ...lines.map((l) => `  - ${l}`)] : [];
}

export function runReport(run: RunFile, options: ReportOptions): RunReport {
  if (!run.results.length) return { body: '', summary: '', recommendation: null };
  const rows = rowsFromRun(run);
  const recommendation = options.profile ? recommend(rows, options.profile) : null;
  const out = [options.markdown ? markdownTable(run.results) : textTable(run.results)];
  out.push(
    ...(options.verbose
      ? section('warnings:', warningLines(run.results))
      : section('warnings (each kind once):', groupedWarningLines(run.results))),
  );
  // page-reload's p50/p95 and parallel-read's per-container medians: figures no column shows.
  out.push(...section(`${DERIVED_NOTES_TITLE.toLowerCase()}:`, derivedNoteLines(run.results)));
  out.push(...section('sync tool times (not in the samples):', syncNoteLines(run.results)));
  const cold = coldCacheNote(run.results);
  if (cold) out.push('', cold);
  out.push(...section('first (cold) runs:', firstRunLines(run.results)));
  out.push(...section('dependency folder:', (run.dependencySplit ?? []).map(dependencySplitWords)));
  if (run.npmLayouts) out.push('', npmLayoutSentence(run.npmLayouts));
  if (options.verbose) {
    const race = raceDiagnosticLines(run);
    if (race.length) out.push('', ...race);
    if (recommendation) out.push('', formatRecommendation(recommendation));
  }
  const summary = runSummaryLines(recommendPerRole(rows, options.profile ?? profileByName('balanced')), {
    profileGiven: options.profile !== null,
    continuation: continuationLines(run),
  });
  return {
    body: `${out.join('\n')}\n`,
    summary: summary.length ? `\n${summary.join('\n')}\n` : '',
    recommendation,
  };
}
