// History: every stored run, newest first; open one in the results view, or delete it (asked twice).
import { dateTimeWords as when } from '../lib/dates';
import { durationWords } from '../lib/duration-words';
import { useSlice, useStores } from '../stores/StoresContext';

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
  if (history.runs.length === 0) {
    return (
      <p className="empty" data-testid="history-empty">
        No stored runs yet. Every run you make, and every file you import, is kept here.
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="figures" data-testid="history-table">
        <caption>Stored runs</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Machine</th>
            <th scope="col">Engine</th>
            <th scope="col">Backends</th>
            <th scope="col">Workloads</th>
            <th scope="col">Size</th>
            <th scope="col">Took</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {history.runs.map((r) => (
            <tr key={r.id} data-testid={`history-row-${r.id}`}>
              <th scope="row">{when(r.createdAt)}</th>
              <td>{r.machineLabel}</td>
              <td>{r.engineName ?? 'host only'}</td>
              <td>{r.backends.join(', ')}</td>
              <td>{r.workloads.join(', ')}</td>
              <td data-testid={`history-size-${r.id}`}>{r.sizes?.join(' + ') ?? '—'}</td>
              <td className="num" data-testid={`history-took-${r.id}`}>
                {durationWords(r.createdAt, r.finishedAt)}
              </td>
              <td>
                <span className={`status status-${r.status}`}>{r.status}</span>
                {r.errorCount > 0 && ` · ${r.errorCount} error(s)`}
              </td>
              <td className="actions">
                {history.confirming === r.id ? (
                  <span
                    role="group"
                    aria-label={`Delete the run of ${when(r.createdAt)}?`}
                    // Esc answers "keep", as it closes any question.
                    onKeyDown={(e) => e.key === 'Escape' && history.keep()}
                  >
                    <span className="problem">Delete for good?</span>{' '}
                    <button
                      type="button"
                      className="danger"
                      disabled={history.deleting === r.id}
                      onClick={() => void history.confirmDelete(r.id)}
                      data-testid={`history-confirm-delete-${r.id}`}
                    >
                      Delete
                    </button>{' '}
                    <button
                      type="button"
                      onClick={history.keep}
                      data-testid={`history-keep-${r.id}`}
                      autoFocus
                    >
                      Keep
                    </button>
                  </span>
                ) : (
                  <>
                    <button type="button" onClick={() => open(r.id)} data-testid={`history-open-${r.id}`}>
                      Open
                    </button>{' '}
                    <button
                      type="button"
                      className="quiet"
                      onClick={() => history.askDelete(r.id)}
                      data-testid={`history-delete-${r.id}`}
                    >
                      Delete…
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
