// The end of the setup: what will run, how long it may take, what will restart, and the button.
// With a product's setting to switch, "what will run" and the time come from the core's dry run.
import type { WorkloadInfo } from '../../../shared/api';
import { estimateRun } from '../../../shared/estimate';
import { estimateRangeWords } from '../lib/estimate-words';
import type { PlannedBackend } from '../../../shared/backend-plan';
import type { PresetCounts } from '../lib/presets';
import type { ProposalState } from '../stores/setup-store';
import { DryRunCard } from './DryRunCard';

interface Props {
  backends: PlannedBackend[];
  workloads: WorkloadInfo[];
  counts: PresetCounts;
  problem: string | null;
  /** The dry run when the picks switch a product's setting (a sweep); null for a plain run. */
  proposal: ProposalState | null;
  starting: boolean;
  running: boolean;
  onStart(): void;
}

export function StartPanel({
  backends,
  workloads,
  counts,
  problem,
  proposal,
  starting,
  running,
  onStart,
}: Props) {
  const estimate = estimateRun(
    workloads,
    backends.map((b) => b.mount),
    counts,
  );
  const range = estimateRangeWords(estimate);
  return (
    <section className="card start" aria-label="Start the benchmark">
      <h2>What will run</h2>
      <ul className="plain backends-preview" data-testid="setup-backends-preview">
        {backends.map((b) => (
          <li key={b.id}>{b.label}</li>
        ))}
      </ul>
      <p data-testid="setup-estimate">
        {backends.length > 0 && workloads.length > 0 ? (
          <>
            Estimated time: <strong>about {range}</strong> ({estimate.executions} timed and warm-up
            executions). This is an estimate from the fixture sizes: a slow file share can take several times
            longer.
          </>
        ) : (
          'Pick backends and workloads to see an estimate.'
        )}
      </p>
      <DryRunCard proposal={proposal} />
      {problem && (
        <p className="problem" data-testid="setup-problem">
          {problem}
        </p>
      )}
      {running && <p className="note">A run or sweep is in progress: see the Run view.</p>}
      <button
        type="button"
        className="primary big"
        disabled={problem !== null || starting || running}
        onClick={onStart}
        data-testid="setup-benchmark-button"
      >
        {starting ? 'Starting…' : 'Benchmark my setup'}
      </button>
    </section>
  );
}
