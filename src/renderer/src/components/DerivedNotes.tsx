// Under the Results table: page-reload's p50 and p95 (after an edit and without one) and
// parallel-read's slowest container and each one's median, which the table's columns (mean ± σ of
// the samples) do not show; the same words as the CLI and the Markdown export.
import type { WorkloadResult } from '../../../shared/result-schema';
import { DERIVED_NOTES_TITLE, derivedNotes } from '../../../shared/derived-figures';
import { workloadCaseWords } from '../lib/size-words';

export function DerivedNotes({
  results,
  titles,
}: {
  results: readonly WorkloadResult[];
  titles: ReadonlyMap<string, string>;
}) {
  const notes = derivedNotes(results);
  if (!notes.length) return null;
  return (
    <div className="notes" data-testid="results-derived">
      <h4>{DERIVED_NOTES_TITLE}</h4>
      <ul className="plain">
        {notes.map((n) => (
          <li key={n.key} data-testid={`results-derived-${n.workloadId}-${n.backendId}`}>
            <strong>
              {workloadCaseWords(n.workloadId, undefined, titles)} · {n.backendLabel}
            </strong>
            : {n.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
