// Overall progress of the run: a bar with its ETA, the image being fetched, and Cancel.
import { pullWords } from '../../../shared/pull-progress';
import { formatRemaining, runEta } from '../lib/eta';
import type { RunProgress } from '../lib/run-progress';

const STATUS_WORDS: Record<RunProgress['status'], string> = {
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

interface Props {
  progress: RunProgress;
  now: number;
  cancelling: boolean;
  onCancel(): void;
}

export function RunProgressPanel({ progress, now, cancelling, onCancel }: Props) {
  const { fraction, remainingSeconds } = runEta(progress, now);
  const percent = fraction === null ? null : Math.round(fraction * 100);
  const running = progress.status === 'running';
  const eta = !running
    ? null
    : fraction === 1
      ? 'finishing…'
      : remainingSeconds === null
        ? 'estimating time left…'
        : `about ${formatRemaining(remainingSeconds)} left`;
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
            {percent} % · {progress.completedExecutions} of {progress.totalExecutions} executions
          </>
        )}
        {eta && (
          <>
            {' · '}
            <span data-testid="run-eta">{eta}</span>
          </>
        )}
      </p>
      {progress.image && (
        <p className="note" data-testid="run-image">
          Pulling {progress.image.image}: {pullWords(progress.image)}
          {progress.image.fraction !== null && ` (${Math.round(progress.image.fraction * 100)} %)`}
        </p>
      )}
    </section>
  );
}
