// What to compare: stored runs (measured here or imported), a file to import, and the published
// machines, with one button for the classic M1 Pro against Intel 2017.
import { memo, type ReactNode } from 'react';
import type { RunSummary } from '../../../shared/api';
import { dateTimeWords } from '../lib/dates';
import { IMPORTED_WORDS } from '../lib/imported-words';
import { isEmptyRun, runLabel } from '../lib/run-label';
import type { PublishedMachine } from '../lib/compare-data';

interface Props {
  runs: RunSummary[];
  runIds: string[];
  published: PublishedMachine[];
  publishedKeys: string[];
  onToggleRun(id: string): void;
  onTogglePublished(key: string): void;
  onM1VsIntel(): void;
  /** The import zone (and the questions a hyperfine export leaves open). */
  importBox: ReactNode;
}

/**
 * One stored run's checkbox. Memoised: with 1,000 stored runs, ticking one must redraw one row, not
 * the whole list (the parent passes a stable onToggle for that).
 */
const StoredRunChoice = memo(function StoredRunChoice({
  run,
  checked,
  onToggle,
}: {
  run: RunSummary;
  checked: boolean;
  onToggle(id: string): void;
}) {
  return (
    <label className="choice compact">
      <input
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(run.id)}
        data-testid={`compare-run-${run.id}`}
      />
      <span>
        <span className="choice-title" data-testid={`compare-run-label-${run.id}`}>
          {runLabel(run)}
          {run.imported && (
            <span className="badge imported-mark" data-testid={`compare-run-imported-${run.id}`}>
              {IMPORTED_WORDS[run.imported]}
            </span>
          )}
        </span>
        <span className="choice-detail">
          {dateTimeWords(run.createdAt)} · {run.machineLabel} · {run.resultCount} result(s)
        </span>
      </span>
    </label>
  );
});

export function CompareSources(props: Props) {
  const { runs, runIds, published, publishedKeys } = props;
  const ticked = new Set(runIds);
  // A run in which nothing ran has nothing to lay beside another (History still lists it).
  const comparable = runs.filter((r) => !isEmptyRun(r) || ticked.has(r.id));
  const hiddenEmpty = runs.length - comparable.length;
  return (
    <aside className="card compare-sources" aria-label="What to compare">
      <button
        type="button"
        className="primary"
        onClick={props.onM1VsIntel}
        data-testid="compare-published-m1-intel"
      >
        M1 vs Intel (published)
      </button>
      <fieldset className="choices">
        <legend>Stored runs</legend>
        {comparable.length === 0 && <p className="note">None yet: run a benchmark or import a file.</p>}
        {comparable.map((r) => (
          <StoredRunChoice key={r.id} run={r} checked={ticked.has(r.id)} onToggle={props.onToggleRun} />
        ))}
        {hiddenEmpty > 0 && (
          <p className="note" data-testid="compare-runs-empty-hidden">
            {hiddenEmpty} run(s) in which nothing ran are not offered here (History lists them).
          </p>
        )}
      </fieldset>
      {props.importBox}
      <fieldset className="choices">
        <legend>Published figures</legend>
        {published.map((m) => (
          <label key={m.key} className="choice compact">
            <input
              type="checkbox"
              checked={publishedKeys.includes(m.key)}
              onChange={() => props.onTogglePublished(m.key)}
              data-testid={`compare-published-${m.key}`}
            />
            <span>
              <span className="choice-title">{m.label}</span>
              <span className="choice-detail">
                {m.url ? (
                  <a href={m.url} target="_blank" rel="noreferrer">
                    {m.title}
                  </a>
                ) : (
                  m.title
                )}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </aside>
  );
}
