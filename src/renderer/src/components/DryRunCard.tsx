// "What will restart": for a plain run, honestly nothing; for a sweep, the core's dry run
// (sweeps.propose): what restarts, which containers stop, the settings tried, what cannot be tried
// here and why, and anything that blocks the sweep. The settings keys written and the products'
// own notes are for those who want them: behind "Details".
import type { SweepProposalView } from '../../../shared/sweep';
import type { ProposalState } from '../stores/setup-store';
import { RestartList } from './RestartList';

interface Props {
  /** null: the plan is a plain run (no switch). */
  proposal: ProposalState | null;
  /** Seconds the restarts take (Setup's plan); null when not known. */
  restartSeconds?: number | null;
  /** A product's settings could be compared here (then what that restarts is said first). */
  sweepOffered?: boolean;
}

function variantWords(v: SweepProposalView['variants'][number], index: number): string {
  if (v.blocker) return `cannot be tried — ${v.blocker}`;
  if (!v.plan?.restarts) return index === 0 ? 'as set now, measured first' : 'as set now';
  return 'switched to, then measured';
}

/** The restart sentence is said once, by RestartList: the products' own copy of it is not repeated. */
const RESTART_NOTE = /quits and starts again|restarts its VM/;

export function DryRunCard({ proposal, restartSeconds = null, sweepOffered = false }: Props) {
  return (
    <div className="dry-run" data-testid="sweep-dry-run">
      <h3>What will restart</h3>
      {proposal === null && (
        <p className="note">
          Nothing: this run measures the engine as it is set now and restarts nothing.
          {sweepOffered &&
            " Comparing the product's file-sharing settings restarts it: what that stops is listed here first."}
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
            estimatedSeconds={restartSeconds}
            sweep
            testId="sweep-dry-run"
          />
          <ul className="plain" data-testid="sweep-dry-run-variants">
            {proposal.view.variants.map((v, i) => (
              <li key={v.id}>
                {v.label}: {variantWords(v, i)}
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
          <details className="dry-run-details" data-testid="sweep-dry-run-details">
            <summary>Details: the settings written, and notes</summary>
            <ul className="plain" data-testid="sweep-dry-run-writes">
              {proposal.view.variants.map((v) => (
                <li key={v.id}>
                  {v.label}:{' '}
                  {v.plan?.writes.length
                    ? v.plan.writes
                        .map((w) => `${w.key} ${JSON.stringify(w.from)} → ${JSON.stringify(w.to)}`)
                        .join(', ')
                    : 'nothing written'}
                  {v.plan?.notes
                    .filter((n) => !RESTART_NOTE.test(n))
                    .map((n) => (
                      <div key={n} className="note">
                        {n}
                      </div>
                    ))}
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </div>
  );
}
