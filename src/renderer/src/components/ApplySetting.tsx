// "Apply this setting" on a recommendation: the dry run in a confirmation (what restarts, which
// containers stop), then the switch with its progress, then success (and where the copy of the old
// settings is) or the failure and that the originals were put back.
import type { ProviderId } from '../../../shared/ids';
import type { ApplyPhase } from '../../../shared/sweep';
import { useShallow } from 'zustand/react/shallow';
import { useSlice, useStores } from '../stores/StoresContext';
import { ConfirmDialog } from './ConfirmDialog';
import { RestartList } from './RestartList';

const STEP_WORDS: Record<ApplyPhase, string> = {
  backup: 'Keeping a copy of the settings…',
  apply: 'Writing the setting…',
  wait: 'Restarting, waiting for it to be ready…',
  progress: 'Restarting…',
  verify: 'Checking the setting took…',
  restore: 'It did not take: putting the original settings back…',
};

interface Props {
  /** From the recommendation: null when no product setting stands behind it. */
  target: { provider: ProviderId; variant: string } | null;
}

export function ApplySetting({ target }: Props) {
  const stores = useStores();
  const apply = useSlice(
    (s) => s.apply,
    useShallow((s) => ({
      phase: s.phase,
      proposal: s.proposal,
      step: s.step,
      result: s.result,
      error: s.error,
      target: s.target,
      cancelling: s.cancelling,
    })),
  );
  const mine =
    target !== null && apply.target?.provider === target.provider && apply.target.variant === target.variant;
  const state = stores.apply.getState();
  return (
    <div className="apply" data-no-export="true">
      <button
        type="button"
        disabled={target === null || apply.phase === 'applying' || apply.phase === 'planning'}
        onClick={() => target && void state.plan(target.provider, target.variant)}
        data-testid="apply-setting"
        aria-describedby="apply-note"
      >
        {mine && apply.phase === 'planning' ? 'Looking…' : 'Apply this setting'}
      </button>
      <span id="apply-note" className="note">
        {target === null
          ? 'No product setting to switch for this one: follow the steps above.'
          : 'Switches the product to this setting and leaves it there (a copy of the old settings is kept).'}
      </span>
      {mine && apply.phase === 'applying' && (
        <div className="apply-progress">
          <p role="status" data-testid="apply-progress">
            {apply.step ? STEP_WORDS[apply.step.phase] : 'Starting…'}
            {apply.step?.message && apply.step.phase === 'progress' ? ` ${apply.step.message}` : ''}
          </p>
          <button
            type="button"
            className="danger small"
            disabled={apply.cancelling || apply.step?.phase === 'restore'}
            onClick={() => void state.cancel()}
            data-testid="apply-cancel"
          >
            {apply.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        </div>
      )}
      {mine && apply.phase === 'done' && apply.result && (
        <div
          className={`callout ${apply.result.status === 'failed' ? 'error' : ''}`}
          data-testid={`apply-result-${apply.result.status}`}
        >
          <p data-testid="apply-result-message">{apply.result.message}</p>
          {apply.result.status === 'applied' && apply.result.backups.length > 0 && (
            <p data-testid="apply-backups">Copy of the old settings: {apply.result.backups.join(', ')}</p>
          )}
          <button type="button" className="quiet small" onClick={() => state.dismiss()}>
            OK
          </button>
        </div>
      )}
      {mine && apply.phase === 'error' && (
        <div className="callout error" data-testid="apply-error">
          <p>{apply.error}</p>
          <button type="button" className="quiet small" onClick={() => state.dismiss()}>
            OK
          </button>
        </div>
      )}
      {mine && apply.phase === 'confirming' && apply.proposal && (
        <ConfirmDialog
          title={`Switch ${apply.proposal.provider.label} to ${apply.proposal.variant.label}?`}
          testId="apply-confirm"
          confirmLabel={
            apply.proposal.plan.restarts ? `Restart ${apply.proposal.provider.label} and apply` : 'Apply'
          }
          refused={!apply.proposal.plan.changes}
          onConfirm={() => void state.confirm()}
          onCancel={() => state.dismiss()}
        >
          {apply.proposal.plan.changes ? (
            <>
              <p>
                Now: {apply.proposal.provider.currentSetting ?? 'unknown'}. Writes:{' '}
                {apply.proposal.plan.writes
                  .map((w) => `${w.key} ${JSON.stringify(w.from)} → ${JSON.stringify(w.to)}`)
                  .join(', ') || 'nothing (it only starts)'}
                .
              </p>
              <RestartList
                product={apply.proposal.provider.label}
                restarts={apply.proposal.plan.restarts}
                containersToStop={apply.proposal.containersToStop}
                estimatedSeconds={apply.proposal.plan.estimatedSeconds}
                testId="apply-confirm"
              />
              <p className="note">
                If the setting does not take, the original settings are put back. If it does, it stays, and a
                copy of the old settings is kept.
              </p>
            </>
          ) : (
            <p data-testid="apply-confirm-unchanged">
              {apply.proposal.provider.label} is already set to {apply.proposal.variant.label}: nothing to
              change.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
