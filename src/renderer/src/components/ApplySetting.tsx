// "Apply this setting" on a recommendation: the dry run in a confirmation (what restarts, which
// containers stop), then the switch with its progress, then success (and where the copy of the old
// settings is) or the failure and that the originals were put back.
import type { ProviderId } from '../../../shared/ids';
import { useShallow } from 'zustand/react/shallow';
import { useSlice, useStores } from '../stores/StoresContext';
import { ApplyJobPanel } from './ApplyJobPanel';
import { ConfirmDialog } from './ConfirmDialog';
import { RestartList } from './RestartList';

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
      dialog: s.dialog,
      proposal: s.proposal,
      error: s.error,
      target: s.target,
      request: s.request,
    })),
  );
  // The dialog is about `target`; a job (started here, or rejoined) about its request.
  const about = apply.dialog !== 'none' ? apply.target : apply.phase !== 'idle' ? apply.request : null;
  const mine = target !== null && about?.provider === target.provider && about.variant === target.variant;
  const busy = apply.phase === 'active' || apply.phase === 'starting' || apply.dialog === 'planning';
  const state = stores.apply.getState();
  return (
    <div className="apply" data-no-export="true">
      <button
        type="button"
        disabled={target === null || busy}
        onClick={() => target && void state.plan(target.provider, target.variant)}
        data-testid="apply-setting"
        aria-describedby="apply-note"
      >
        {mine && apply.dialog === 'planning' ? 'Looking…' : 'Apply this setting'}
      </button>
      <span id="apply-note" className="note">
        {target === null
          ? 'No product setting to switch for this one: follow the steps above.'
          : 'Switches the product to this setting and leaves it there (a copy of the old settings is kept).'}
      </span>
      {mine && <ApplyJobPanel />}
      {mine && apply.dialog === 'error' && (
        <div className="callout error" data-testid="apply-error">
          <p>{apply.error}</p>
          <button type="button" className="quiet small" onClick={() => state.dismiss()}>
            OK
          </button>
        </div>
      )}
      {mine && apply.dialog === 'confirming' && apply.proposal && (
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
