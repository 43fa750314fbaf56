// Overall progress of the run: a bar with its time left (a range while a race may stop early), a
// race's round and the backends still in it, the image being fetched, and Cancel. The figures come
// from shared/progress.ts, as the CLI's do; the clock ticks here so the rest of the view does not
// re-render every second.
import { paceOf, raceWords, remainingWords } from '../../../shared/progress';
import { pullWords } from '../../../shared/pull-progress';
import { useNow } from '../hooks/use-now';
import type { RunProgress } from '../lib/run-progress';

const STATUS_WORDS: Record<RunProgress['status'], string> = {
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

interface Props {
  progress: RunProgress;
  /** A race's most samples per backend, to say "round k of at most n"; null when not known. */
  maxRounds?: number | null;
  cancelling: boolean;
  onCancel(): void;
}

export function RunProgressPanel({ progress, maxRounds = null, cancelling, onCancel }: Props) {
  const running = progress.status === 'running';
  const now = useNow(running);
  const pace = paceOf(progress.pace, now, { maxRounds });
  const percent = pace.percent;
  const eta = !running
    ? null
    : pace.left && pace.left.high === 0
      ? 'finishing…'
      : pace.remaining === null
        ? 'time left known once samples land'
        : remainingWords(pace.remaining);
  const executions =
    pace.left && running && pace.left.high > pace.left.low
      ? `${progress.completedExecutions} executions, ${pace.left.low}–${pace.left.high} to go`
      : `${progress.completedExecutions} of ${progress.totalExecutions} executions`;
  return (
    <section className="card progress-card" aria-label="Run progress">
      <div className="card-head">
        <h2>
          <span className={`status status-${progress.status}`} data-testid="run-status">
            {cancelling && running ? 'Cancelling…' : STATUS_WORDS[progress.status]}
          </span>{' '}
          <span className="run-id">run {progress.runId}</span>
        </h2>
        {running && (
          <button
            type="button"
            className="danger"
            disabled={cancelling}
            onClick={onCancel}
            data-testid="run-cancel"
          >
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Overall progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? 'progress unknown until the next event' : `${percent} %`}
        data-testid="run-progress"
      >
        <div className="progress-fill" style={{ width: `${percent ?? 0}%` }} />
      </div>
      <p className="progress-words">
        {percent === null ? (
          progress.joined ? (
            'Rejoined a run in progress: the total is unknown, its progress resumes with the next result.'
          ) : (
            'Planning…'
          )
        ) : (
          <>
            {percent} % · {executions}
          </>
        )}
        {running && pace.race && (
          <>
            {' · '}
            <span data-testid="run-race">
              {pace.race.workloadId}: {raceWords(pace.race)}
            </span>
          </>
        )}
        {eta && (
          <>
            {' · '}
            <span data-testid="run-eta">{eta}</span>
          </>
        )}
      </p>
      {progress.cleaningUp && (
        <p className="note" role="status" data-testid="run-cleaning-up">
          The answer is saved. Removing the containers, volumes and fixtures the run made…
        </p>
      )}
      {progress.image && (
        <p className="note" data-testid="run-image">
          Pulling {progress.image.image}: {pullWords(progress.image)}
          {progress.image.fraction !== null && ` (${Math.round(progress.image.fraction * 100)} %)`}
        </p>
      )}
      {progress.fetch && (
        <p className="note" data-testid="run-fetch">
          {progress.fetch.workloadId}: fetching {progress.fetch.what}, {progress.fetch.done} of{' '}
          {progress.fetch.total}
        </p>
      )}
    </section>
  );
}
