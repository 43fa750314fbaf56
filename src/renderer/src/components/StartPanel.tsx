// The top of Setup: what "Benchmark my setup" will do (Setup's plan, shared/setup-plan.ts), its one
// total time with the restarts counted, the button, and the other way ("Measure only what runs
// now", or back to comparing the settings). An engine that was asked for and does not answer is
// said here, with the engines that do answer as explicit choices. What will run and what will
// restart follow, so the button comes first in tab order and on the first screen.
import type { SetupPlan } from '../../../shared/setup-plan';
import { estimateRangeWords, formatDuration } from '../lib/estimate-words';
import type { ProposalState } from '../stores/setup-store';
import { DryRunCard } from './DryRunCard';

interface Props {
  plan: SetupPlan;
  /** The dry run when the plan is a sweep; null for a plain run. */
  proposal: ProposalState | null;
  /** Why the button is disabled (the plan's, or the request's); null when it can start. */
  problem: string | null;
  starting: boolean;
  running: boolean;
  onStart(): void;
  onMeasureNow(): void;
  onCompareSettings(): void;
  onUseEngine(name: string): void;
}

/** The plan's one total, in words: measuring and restarts together. */
export function totalWords(plan: SetupPlan): string {
  const { estimate, sweep } = plan;
  if (plan.backends.length === 0) return 'Pick backends and workloads to see an estimate.';
  const caveat = 'An estimate from the fixture sizes: a slow file share can take several times longer.';
  if (!sweep) {
    return `About ${estimateRangeWords({ seconds: estimate.measureSeconds, maxSeconds: estimate.maxMeasureSeconds, executions: 0 })} in all. ${caveat}`;
  }
  if (estimate.totalSeconds === null || estimate.restartSeconds === null) {
    return `About ${formatDuration(estimate.measureSeconds)} of measuring, plus ${sweep.label}'s restarts (asking how long they take…). ${caveat}`;
  }
  const restarts =
    estimate.restarts === 1
      ? `1 restart of ${sweep.label}`
      : `${estimate.restarts} restarts of ${sweep.label}`;
  return `About ${formatDuration(estimate.totalSeconds)} in all, counting ${restarts} (about ${formatDuration(estimate.restartSeconds)}). ${caveat}`;
}

export function StartPanel({
  plan,
  proposal,
  problem,
  starting,
  running,
  onStart,
  onMeasureNow,
  onCompareSettings,
  onUseEngine,
}: Props) {
  const refused = plan.engine.status === 'refused' ? plan.engine : null;
  return (
    <section className="card start" aria-label="Benchmark my setup">
      <h2>Benchmark my setup</h2>
      <p className="plan-headline" data-testid="setup-plan-headline">
        {plan.headline}
      </p>
      {refused && (
        <div className="problem" data-testid="setup-engine-refused">
          <p>{refused.reason}</p>
          {refused.others.length > 0 && (
            <p className="actions">
              {refused.others.map((e) => (
                <button
                  key={e.name}
                  type="button"
                  onClick={() => onUseEngine(e.name)}
                  data-testid={`setup-use-engine-${e.name}`}
                >
                  Use &ldquo;{e.name}&rdquo; ({e.endpoint}) instead
                </button>
              ))}
            </p>
          )}
        </div>
      )}
      {/* A refused plan has no time to give: what it would measure is not what was asked. */}
      {!(refused && problem === refused.reason) && <p data-testid="setup-estimate">{totalWords(plan)}</p>}
      {problem && problem !== refused?.reason && (
        <p className="problem" data-testid="setup-problem">
          {problem}
        </p>
      )}
      {running && <p className="note">A run or sweep is in progress: see the Run view.</p>}
      <p className="actions start-actions">
        <button
          type="button"
          className="primary big"
          disabled={problem !== null || starting || running}
          onClick={onStart}
          data-testid="setup-benchmark-button"
        >
          {starting ? 'Starting…' : 'Benchmark my setup'}
        </button>
        {plan.action === 'sweep' && (
          <button type="button" onClick={onMeasureNow} data-testid="setup-measure-now">
            Measure only what runs now
          </button>
        )}
        {plan.action === 'run' && plan.canSweep && !refused && (
          <button type="button" onClick={onCompareSettings} data-testid="setup-compare-settings">
            Compare the file-sharing settings instead
          </button>
        )}
      </p>
      <h3>What will run</h3>
      <ul className="plain backends-preview" data-testid="setup-backends-preview">
        {plan.backends.map((b) => (
          <li key={b.id}>{b.label}</li>
        ))}
      </ul>
      <DryRunCard
        proposal={proposal}
        restartSeconds={plan.estimate.restartSeconds}
        sweepOffered={plan.canSweep}
      />
    </section>
  );
}
