// The end of the setup: what will run, how long it may take, what will restart, and the button.
import type { WorkloadInfo } from '../../../shared/api';
import { estimateRun, formatDuration } from '../lib/estimate';
import type { PlannedBackend } from '../lib/planned-backends';
import type { PresetCounts } from '../lib/presets';

interface Props {
  backends: PlannedBackend[];
  workloads: WorkloadInfo[];
  counts: PresetCounts;
  problem: string | null;
  starting: boolean;
  running: boolean;
  onStart(): void;
}

export function StartPanel({ backends, workloads, counts, problem, starting, running, onStart }: Props) {
  const estimate = estimateRun(
    workloads,
    backends.map((b) => b.mount),
    counts,
  );
  const range =
    estimate.maxSeconds > estimate.seconds * 1.1
      ? `${formatDuration(estimate.seconds)} to ${formatDuration(estimate.maxSeconds)}`
      : formatDuration(estimate.seconds);
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
      {/* Issue 4 (providers/sweep) fills this with the provider's dry run: the settings it will
          switch, what will restart and which containers will stop. Until then nothing is switched,
          and the list must stay honest rather than show a made-up plan. */}
      <div className="dry-run" data-testid="sweep-dry-run">
        <h3>What will restart</h3>
        <p className="note">
          Nothing: this run measures the engine as it is set now and restarts nothing. Trying other
          file-sharing settings (which restarts the engine) will be listed here before anything restarts.
        </p>
      </div>
      {problem && (
        <p className="problem" data-testid="setup-problem">
          {problem}
        </p>
      )}
      {running && <p className="note">A run is in progress: see the Run view.</p>}
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
