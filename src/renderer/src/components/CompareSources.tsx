// What to compare: stored runs (measured here or imported), a file to import, and the published
// machines, with one button for the classic M1 Pro against Intel 2017.
import type { RunSummary } from '../../../shared/api';
import type { PublishedMachine } from '../lib/compare-data';
import type { ImportStatus } from '../stores/compare-store';
import { ImportPanel } from './ImportPanel';

interface Props {
  runs: RunSummary[];
  runIds: string[];
  published: PublishedMachine[];
  publishedKeys: string[];
  importStatus: ImportStatus;
  onToggleRun(id: string): void;
  onTogglePublished(key: string): void;
  onM1VsIntel(): void;
  onImport(fileName: string, text: string): void;
}

export function CompareSources(props: Props) {
  const { runs, runIds, published, publishedKeys } = props;
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
        {runs.length === 0 && <p className="note">None yet: run a benchmark or import a file.</p>}
        {runs.map((r) => (
          <label key={r.id} className="choice compact">
            <input
              type="checkbox"
              checked={runIds.includes(r.id)}
              onChange={() => props.onToggleRun(r.id)}
              data-testid={`compare-run-${r.id}`}
            />
            <span>
              <span className="choice-title">{r.machineLabel}</span>
              <span className="choice-detail">
                {new Date(r.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                {r.resultCount} result(s)
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <ImportPanel status={props.importStatus} onFile={props.onImport} />
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
