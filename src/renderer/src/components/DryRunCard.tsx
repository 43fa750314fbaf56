// "What will restart": for a plain run, honestly nothing; for picks that switch a product's
// setting, the core's dry run (sweeps.propose): what restarts, which containers stop, how long,
// what cannot be tried here and why, and anything that blocks the sweep.
import type { ProposalState } from '../stores/setup-store';
import { RestartList } from './RestartList';

interface Props {
  /** null: the picks ask for a plain run (no switch). */
  proposal: ProposalState | null;
}

export function DryRunCard({ proposal }: Props) {
  return (
    <div className="dry-run" data-testid="sweep-dry-run">
      <h3>What will restart</h3>
      {proposal === null && (
        <p className="note">
          Nothing: this run measures the engine as it is set now and restarts nothing. Pick another
          file-sharing setting of a product to try it: what that restarts is listed here first.
        </p>
      )}
      {proposal?.status === 'loading' && <p role="status">Asking the product what a switch would take…</p>}
      {proposal?.status === 'error' && (
        <p className="problem" data-testid="sweep-dry-run-error">
          {proposal.error}
        </p>
      )}
      {proposal?.status === 'ready' && proposal.view && (
        <>
          <RestartList
            product={proposal.view.provider.label}
            restarts={proposal.view.restarts}
            containersToStop={proposal.view.containersToStop}
            estimatedSeconds={proposal.view.estimatedSeconds}
            testId="sweep-dry-run"
          />
          <ul className="plain" data-testid="sweep-dry-run-variants">
            {proposal.view.variants.map((v) => (
              <li key={v.id}>
                {v.label}:{' '}
                {v.blocker
                  ? `cannot be tried — ${v.blocker}`
                  : v.plan?.writes.length
                    ? v.plan.writes
                        .map((w) => `${w.key} ${JSON.stringify(w.from)} → ${JSON.stringify(w.to)}`)
                        .join(', ')
                    : 'as set now'}
              </li>
            ))}
          </ul>
          <p className="note">The settings are put back when the sweep ends, cancelled or not.</p>
          {proposal.view.unavailable.length > 0 && (
            <ul className="plain skipped" data-testid="sweep-dry-run-unavailable">
              {proposal.view.unavailable.map((u) => (
                <li key={u.id}>
                  {u.label}: not here — {u.reason}
                </li>
              ))}
            </ul>
          )}
          {proposal.view.blockers.length > 0 && (
            <div className="problem" data-testid="sweep-dry-run-blockers">
              <p>The sweep cannot start, nothing will be changed:</p>
              <ul className="plain">
                {proposal.view.blockers.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}
