// An apply in progress (its step, Cancel) or how it ended: beside the recommendation that started
// it, and on the Run view, where a reloaded dashboard rejoins it.
import type { ApplyPhase } from '../../../shared/sweep';
import { useShallow } from 'zustand/react/shallow';
import { useSlice, useStores } from '../stores/StoresContext';

const STEP_WORDS: Record<ApplyPhase, string> = {
  backup: 'Keeping a copy of the settings…',
  apply: 'Writing the setting…',
  wait: 'Restarting, waiting for it to be ready…',
  progress: 'Restarting…',
  verify: 'Checking the setting took…',
  restore: 'It did not take: putting the original settings back…',
};

export function ApplyJobPanel() {
  const stores = useStores();
  const apply = useSlice(
    (s) => s.apply,
    useShallow((s) => ({
      phase: s.phase,
      progress: s.progress,
      cancelling: s.cancelling,
      request: s.request,
    })),
  );
  const state = stores.apply.getState();
  const { progress } = apply;
  if (!progress) return null;
  if (apply.phase === 'active')
    return (
      <div className="apply-progress" data-testid="apply-job" data-apply-id={progress.applyId}>
        <p role="status" data-testid="apply-progress">
          {progress.step ? STEP_WORDS[progress.step.phase] : 'Starting…'}
          {progress.step?.message && progress.step.phase === 'progress' ? ` ${progress.step.message}` : ''}
        </p>
        <button
          type="button"
          className="danger small"
          disabled={apply.cancelling || progress.step?.phase === 'restore'}
          onClick={() => void state.cancel()}
          data-testid="apply-cancel"
        >
          {apply.cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
    );
  if (apply.phase !== 'finished') return null;
  const { result } = progress;
  return (
    <div
      className={`callout ${!result || result.status === 'failed' ? 'error' : ''}`}
      data-testid={result ? `apply-result-${result.status}` : 'apply-error'}
    >
      <p data-testid="apply-result-message">{result?.message ?? progress.error?.message}</p>
      {result?.status === 'applied' && result.backups.length > 0 && (
        <p data-testid="apply-backups">Copy of the old settings: {result.backups.join(', ')}</p>
      )}
      <button type="button" className="quiet small" onClick={() => state.dismiss()}>
        OK
      </button>
    </div>
  );
}
