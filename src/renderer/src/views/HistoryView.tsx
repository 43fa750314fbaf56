// History: every stored run, newest first, told apart by size, duration and winner; open one in
// Results, tick two or more to compare them, publish ticked ones to the team dataset, import a file,
// or delete a run (asked twice).
import { useState } from 'react';
import { HistoryRow } from '../components/HistoryRow';
import { PublishPanel } from '../components/PublishPanel';
import { RunImportBox } from '../components/RunImportBox';
import { useSlice, useStores } from '../stores/StoresContext';

function HistoryTools({ selected, onCompare }: { selected: string[]; onCompare(): void }) {
  const [publishing, setPublishing] = useState(false);
  return (
    <div className="history-tools">
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={selected.length < 2}
          onClick={onCompare}
          data-testid="history-compare"
        >
          Compare selected ({selected.length})
        </button>
        <span className="note" data-testid="history-compare-hint">
          {selected.length < 2 ? 'Tick two or more runs to lay them side by side.' : 'Opens them in Compare.'}
        </span>{' '}
        <button
          type="button"
          disabled={selected.length === 0}
          aria-expanded={publishing}
          onClick={() => setPublishing(!publishing)}
          data-testid="history-publish"
        >
          Publish selected ({selected.length})…
        </button>
      </div>
      {publishing && selected.length > 0 && <PublishPanel runIds={selected} />}
      <div className="history-import">
        <RunImportBox />
      </div>
    </div>
  );
}

export function HistoryView() {
  const stores = useStores();
  const history = useSlice(
    (s) => s.history,
    (s) => s,
  );

  const open = (runId: string) => {
    void stores.results.getState().open(runId);
    stores.nav.getState().show('results');
  };
  const compareSelected = () => {
    void stores.compare.getState().showRuns(history.selected);
    stores.nav.getState().show('compare');
  };

  if (history.status === 'loading') return <p role="status">Reading the stored runs…</p>;
  if (history.status === 'error') {
    return (
      <div className="callout error" data-testid="history-error">
        <p>{history.error}</p>
        <button type="button" onClick={() => void history.refresh()}>
          Try again
        </button>
      </div>
    );
  }
  const tools = <HistoryTools selected={history.selected} onCompare={compareSelected} />;
  if (history.runs.length === 0) {
    return (
      <div>
        {tools}
        <p className="empty" data-testid="history-empty">
          No stored runs yet. Every run you make, and every file you import, is kept here.
        </p>
      </div>
    );
  }
  return (
    <div>
      {tools}
      <div className="table-scroll">
        <table className="figures" data-testid="history-table">
          <caption>Stored runs</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Compare</span>
              </th>
              <th scope="col">When</th>
              <th scope="col">Machine</th>
              <th scope="col">Engine</th>
              <th scope="col">Backends</th>
              <th scope="col">Workloads</th>
              <th scope="col">Size</th>
              <th scope="col">Took</th>
              <th scope="col">Answer per role (Balanced)</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.runs.map((r) => (
              <HistoryRow key={r.id} run={r} history={history} onOpen={open} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
