// A sweep followed in the run view: each setting's phase (switching, restarting with the
// product's own progress message, checking, measuring k/n, done, skipped and why), then putting
// the settings back and how that went; Cancel stops the sweep, which puts them back. The time left
// is the whole sweep's: what is left of the setting measured now (timed from its samples), plus
// every restart still to come and the later settings' measuring, each at its own estimate.
import { paceOf, raceWords, remainingWords } from '../../../shared/progress';
import { useNow } from '../hooks/use-now';
import type { SweepProgressState, SweepStillToCome, VariantProgress } from '../lib/sweep-progress';

const PHASE_WORDS: Record<VariantProgress['phase'], string> = {
  waiting: 'waiting',
  apply: 'switching the setting',
  wait: 'restarting, waiting for it to be ready',
  verify: 'checking the setting took',
  measure: 'measuring',
  done: 'done',
  skipped: 'skipped',
};

const RESTORE_WORDS: Record<SweepProgressState['restore']['phase'], string> = {
  pending: 'The settings are put back when the sweep ends.',
  started: 'Putting the settings back…',
  done: 'The settings were put back as they were.',
  failed: 'The settings could NOT all be put back',
};

function variantLine(v: VariantProgress): string {
  if (v.phase !== 'measure' || !v.total) return PHASE_WORDS[v.phase];
  const pace = paceOf(v.pace, 0);
  // A race stops between its least and its most: say what is left as a range, never "45/40".
  if (pace.left && pace.left.high > pace.left.low) {
    const race = pace.race ? `, ${raceWords(pace.race)}` : '';
    return `${PHASE_WORDS.measure} ${pace.percent ?? 0} %: ${v.completed} executions, ${pace.left.low}–${pace.left.high} to go${race}`;
  }
  return `${PHASE_WORDS.measure} ${v.completed}/${v.total}`;
}

interface Props {
  progress: SweepProgressState;
  productLabel: string | null;
  active: boolean;
  cancelling: boolean;
  onCancel(): void;
  onOpenResults(runId: string): void;
  /** What is still to come after the setting measured now; null when the dry run is not known. */
  stillToCome?: SweepStillToCome | null;
}

/** The sweep's time left in words, or why it is not known yet. */
function sweepEta(progress: SweepProgressState, stillToCome: SweepStillToCome | null, now: number): string {
  const measuring = progress.variants.find((v) => v.phase === 'measure');
  if (!measuring) return 'time left known once the next setting’s samples land';
  const pace = paceOf(measuring.pace, now, {
    restartSecondsLeft: stillToCome?.restartSecondsLeft ?? 0,
    laterSeconds: stillToCome?.laterSeconds,
  });
  if (!pace.remaining) return 'time left known once samples land';
  const words = remainingWords(pace.remaining);
  if (!stillToCome) return `${words} for this setting`;
  return stillToCome.restartSecondsLeft > 0 ? `${words} in all, restarts included` : `${words} in all`;
}

export function SweepProgressPanel({
  progress,
  productLabel,
  active,
  cancelling,
  onCancel,
  onOpenResults,
  stillToCome = null,
}: Props) {
  const finish = progress.finish;
  const now = useNow(active);
  // Switches still to come (with their restarts, where the product restarts) are part of what is
  // left: said, so the wait is not a surprise.
  // From the dry run when known: it counts a reverse pass's second visits too.
  const waiting = stillToCome?.settings ?? progress.variants.filter((v) => v.phase === 'waiting').length;
  return (
    <section className="card progress-card" aria-label="Sweep progress" data-testid="sweep-progress">
      <div className="card-head">
        <h2>
          <span className={`status status-${finish?.status ?? 'running'}`} data-testid="sweep-status">
            {finish ? finish.status : cancelling ? 'Cancelling…' : 'Sweeping'}
          </span>{' '}
          <span className="run-id">
            {productLabel ? `${productLabel} · ` : ''}sweep {progress.sweepId}
          </span>
        </h2>
        {active && (
          <button
            type="button"
            className="danger"
            disabled={cancelling}
            onClick={onCancel}
            data-testid="sweep-cancel"
          >
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      {active && (
        <p className="progress-words">
          <span data-testid="sweep-eta">{sweepEta(progress, stillToCome, now)}</span>
        </p>
      )}
      {active && waiting > 0 && (
        <p className="note" data-testid="sweep-still-to-come">
          {`${waiting} more setting${waiting === 1 ? '' : 's'} to switch and measure after this one.`}
        </p>
      )}
      <ol className="plain sweep-variants" data-testid="sweep-variants">
        {progress.variants.map((v) => (
          <li key={v.id} data-testid={`sweep-variant-${v.id}`} className={`phase-${v.phase}`}>
            <strong>{v.label}</strong>:{' '}
            <span data-testid={`sweep-variant-phase-${v.id}`}>{variantLine(v)}</span>
            {v.message && (
              <span
                className={v.phase === 'skipped' ? 'why' : 'note'}
                data-testid={`sweep-variant-message-${v.id}`}
              >
                {' '}
                — {v.message}
              </span>
            )}
          </li>
        ))}
      </ol>
      <p data-testid="sweep-restore" className={progress.restore.phase === 'failed' ? 'problem' : ''}>
        {RESTORE_WORDS[progress.restore.phase]}
        {progress.restore.message
          ? `: ${progress.restore.message}`
          : progress.restore.phase === 'failed'
            ? '.'
            : ''}
      </p>
      {finish?.error && (
        <p className="problem" data-testid="sweep-error">
          {finish.error.message}
        </p>
      )}
      {finish?.runId && (
        <button
          type="button"
          className="primary"
          data-testid="sweep-open-results"
          onClick={() => onOpenResults(finish.runId as string)}
        >
          See the results
        </button>
      )}
    </section>
  );
}
