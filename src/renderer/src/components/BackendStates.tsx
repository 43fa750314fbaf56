// Each backend of the run and where it is: waiting, laying fixtures, "warm-up 1 of 1", "sample 4 of
// 10" (or "of at most 20" when a race or the adaptive stop may end it sooner), done, failed with
// why; the rule behind "at most" under "Details".
import type { WorkloadInfo } from '../../../shared/api';
import type { RunRequest } from '../../../shared/run-plan';
import type { BackendProgress } from '../lib/run-progress';
import { backendStateWords, samplesRuleNote } from '../lib/state-words';

interface Props {
  backends: BackendProgress[];
  request: RunRequest | null;
  workloads: WorkloadInfo[];
}

export function BackendStates({ backends, request, workloads }: Props) {
  const rule = samplesRuleNote(request);
  return (
    <section className="card" aria-label="Backends">
      <h2>Backends</h2>
      {backends.length === 0 ? (
        <p className="note">Waiting for the plan…</p>
      ) : (
        <ol className="backend-states">
          {backends.map((b) => (
            <li
              key={b.id}
              className={`state-${b.state}`}
              data-testid={`backend-state-${b.id}`}
              data-state={b.state}
            >
              <span className="state-dot" aria-hidden="true" />
              <span className="backend-label">{b.label}</span>
              <span className="backend-state">{backendStateWords(b, request, workloads)}</span>
            </li>
          ))}
        </ol>
      )}
      {rule && (
        <details className="note" data-testid="backend-states-details">
          <summary>Details</summary>
          <p>{rule}</p>
        </details>
      )}
    </section>
  );
}
