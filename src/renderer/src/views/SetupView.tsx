// Setup: first the plan and its one button ("Benchmark my setup": setup-answer.ts answers what it
// does, by default a sweep of the product's file-sharing settings where it has them, or a run of
// what there is to choose), the total time with the restarts, and "Measure only what runs now";
// then the machine, its engines and products, and the pickers to change the plan. A sweep asks for
// confirmation, restarts listed, before anything restarts.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EnginesCard } from '../components/EnginesCard';
import { MachineCard } from '../components/MachineCard';
import { PlanPickers } from '../components/PlanPickers';
import { StartPanel, totalWords } from '../components/StartPanel';
import { SweepConfirmDialog } from '../components/SweepConfirmDialog';
import { projectRequest } from '../stores/project-store';
import { setupAnswer } from '../stores/setup-answer';
import { useSlice, useStores } from '../stores/StoresContext';
import { startRunAndShow, useJobPhases } from '../stores/job-phases';

export function SetupView() {
  const stores = useStores();
  const setup = useSlice(
    (s) => s.setup,
    useShallow((s) => s),
  );
  const { runPhase, sweepPhase } = useJobPhases();
  const [confirming, setConfirming] = useState(false);
  const projectPicks = useSlice(
    (s) => s.project,
    useShallow((s) => ({
      included: s.included,
      inspection: s.inspection,
      command: s.command,
      image: s.image,
      splitDependency: s.splitDependency,
      coldCache: s.coldCache,
    })),
  );
  const answer = setupAnswer(setup, projectRequest(projectPicks));
  const ready = setup.status === 'ready';
  const sweepRequest = ready ? answer.sweepRequest : null;
  const sweepKey = ready ? answer.sweepKey : null;
  useEffect(() => {
    // The dry run follows the picks: every change asks the core again (it only reads).
    if (sweepRequest) void stores.setup.getState().propose(sweepRequest);
    // sweepKey stands for sweepRequest's content: a new object with the same picks asks nothing.
  }, [sweepKey, stores]);

  if (setup.status === 'loading') return <p role="status">Looking at this machine and its Docker engines…</p>;
  if (setup.status === 'error' || !setup.info) {
    return (
      <div className="callout" data-testid="setup-error">
        <p>Mountbench could not read this machine or its engines (the message is above).</p>
        <button type="button" onClick={() => void setup.load()}>
          Try again
        </button>
      </div>
    );
  }

  const { plan, start, proposal } = answer;
  const startSweep = async () => {
    setConfirming(false);
    if (start?.kind !== 'sweep') return;
    if (await stores.sweep.getState().start(start.request)) stores.nav.getState().show('run');
  };
  const onStart = () => {
    if (start?.kind === 'sweep') setConfirming(true);
    else if (start?.kind === 'run') void startRunAndShow(stores, start.request);
  };

  return (
    <div className="setup">
      {/* First on the page and in tab order: what the button does, its time, the button. */}
      <StartPanel
        plan={plan}
        proposal={proposal}
        problem={answer.problem}
        starting={runPhase === 'starting' || sweepPhase === 'starting'}
        running={runPhase === 'active' || sweepPhase === 'active'}
        onStart={onStart}
        onMeasureNow={setup.measureOnlyNow}
        onCompareSettings={setup.compareSettings}
        onUseEngine={setup.chooseEngine}
      />
      <div className="setup-grid">
        <div className="column">
          <MachineCard info={setup.info} />
          <EnginesCard
            engines={setup.engines}
            fsSeen={setup.fsSeen}
            chosen={setup.engineName}
            products={setup.providers}
            onChoose={setup.chooseEngine}
            onRefresh={() => void setup.refreshEngines()}
          />
        </div>
        <div className="column">
          <PlanPickers
            presetTimes={answer.presetTimes}
            sweep={plan.action === 'sweep'}
            canPickFolder={setup.info.transport === 'ipc'}
          />
        </div>
      </div>
      {confirming && proposal?.view && (
        <SweepConfirmDialog
          proposal={proposal.view}
          restartSeconds={plan.estimate.restartSeconds}
          total={totalWords(plan)}
          onConfirm={() => void startSweep()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
