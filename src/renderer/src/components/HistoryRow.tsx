// One stored run in History: a tick to compare it with others, what it was (with a mark when it
// was not measured here), its answer per role as the verdict strip words it (a tmpfs that won
// container-only data is never the source tree's winner), Open, and Delete asked twice.
import type { RunSummary, RunWinner } from '../../../shared/api';
import { roleWinnerLine, winnerWords as stateWords } from '../../../shared/verdict-words';
import { dateTimeWords as when } from '../lib/dates';
import { durationWords } from '../lib/duration-words';
import { IMPORTED_WORDS } from '../lib/imported-words';
import { comparedWords, isEmptyRun } from '../lib/run-label';
import type { HistoryState } from '../stores/history-store';

/** One line per role; a summary cached before roles has the main answer only. */
export function winnerLines(winner: RunWinner): string[] {
  if (winner.roles && winner.roles.length > 0) return winner.roles.map(roleWinnerLine);
  return [stateWords(winner.state, winner.label)];
}

interface Props {
  run: RunSummary;
  history: Pick<
    HistoryState,
    'confirming' | 'deleting' | 'selected' | 'toggleSelected' | 'askDelete' | 'keep' | 'confirmDelete'
  >;
  onOpen(runId: string): void;
}

export function HistoryRow({ run: r, history, onOpen }: Props) {
  return (
    <tr data-testid={`history-row-${r.id}`}>
      <td>
        <input
          type="checkbox"
          checked={history.selected.includes(r.id)}
          onChange={() => history.toggleSelected(r.id)}
          aria-label={`Compare the run of ${when(r.createdAt)}`}
          data-testid={`history-select-${r.id}`}
        />
      </td>
      <th scope="row">
        {when(r.createdAt)}
        {/* What it compared, so runs of one machine read apart (the winner has its own column). */}
        <span className="choice-detail" data-testid={`history-label-${r.id}`}>
          {isEmptyRun(r) ? (
            <span className="badge" data-testid={`history-empty-${r.id}`}>
              empty: nothing ran
            </span>
          ) : (
            comparedWords(r)
          )}
        </span>
      </th>
      <td>
        {r.machineLabel}
        {r.imported && (
          <span className="badge imported-mark" data-testid={`history-imported-${r.id}`}>
            {IMPORTED_WORDS[r.imported]}
          </span>
        )}
      </td>
      <td>{r.engineName ?? 'host only'}</td>
      <td>{r.backends.join(', ')}</td>
      <td>{r.workloads.join(', ')}</td>
      <td data-testid={`history-size-${r.id}`}>{r.sizes?.join(' + ') ?? '—'}</td>
      <td className="num" data-testid={`history-took-${r.id}`}>
        {durationWords(r.createdAt, r.finishedAt)}
      </td>
      <td data-testid={`history-winner-${r.id}`} data-state={r.winner?.state ?? 'none'}>
        {r.winner
          ? winnerLines(r.winner).map((line, i) => (
              <span key={i} className="history-role-answer" data-testid={`history-winner-line-${r.id}`}>
                {i > 0 && <br />}
                {line}
              </span>
            ))
          : '—'}
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
            <button type="button" onClick={history.keep} data-testid={`history-keep-${r.id}`} autoFocus>
              Keep
            </button>
          </span>
        ) : (
          <>
            <button type="button" onClick={() => onOpen(r.id)} data-testid={`history-open-${r.id}`}>
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
  );
}
