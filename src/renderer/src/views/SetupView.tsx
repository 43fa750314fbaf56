// Setup: this machine, its engines and products, what to measure and how thoroughly; then one
// button. Picks that switch a product's setting make it a sweep: its dry run is shown before the
// button, and the button asks for confirmation before anything restarts.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isOneOf, MOUNT_KINDS } from '../../../shared/ids';
import { BackendPicker } from '../components/BackendPicker';
import { EnginesCard } from '../components/EnginesCard';
import { MachineCard } from '../components/MachineCard';
import { PresetPicker } from '../components/PresetPicker';
import { ProjectCard } from '../components/ProjectCard';
import { StartPanel } from '../components/StartPanel';
import { SweepConfirmDialog } from '../components/SweepConfirmDialog';
import { SwitchVariantsPicker } from '../components/SwitchVariantsPicker';
import { WorkloadPicker } from '../components/WorkloadPicker';
import type { PlannedBackend } from '../../../shared/backend-plan';
import { PRESET_IDS, PRESETS, type PresetId } from '../lib/presets';
import { estimateRun } from '../../../shared/estimate';
import { estimateRangeWords } from '../lib/estimate-words';
import { switchableProducts } from '../lib/sweep-choice';
import {
  buildRequest,
  buildSweepRequest,
  chosenEngine,
  chosenWorkloads,
  previewBackends,
} from '../stores/setup-store';
import { projectRequest } from '../stores/project-store';
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
  const project = projectRequest(projectPicks);

  const sweep = setup.status === 'ready' ? buildSweepRequest(setup) : null;
  const sweepRequest = sweep && 'request' in sweep ? sweep.request : null;
  const sweepKey = sweepRequest ? JSON.stringify(sweepRequest) : null;
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

  const engine = chosenEngine(setup);
  const built = buildRequest(setup, project);
  const proposal = sweepRequest && setup.proposal.key === sweepKey ? setup.proposal : null;
  const proposalReady = proposal?.status === 'ready' && proposal.view !== null;
  const problem = sweep
    ? 'problem' in sweep
      ? sweep.problem
      : !proposalReady
        ? proposal?.status === 'error'
          ? 'The sweep cannot be planned (see "What will restart").'
          : 'Waiting for the dry run…'
        : proposal?.view?.blockers.length
          ? 'The sweep cannot start (see "What will restart").'
          : null
    : 'problem' in built
      ? built.problem
      : null;
  const backends: PlannedBackend[] = sweep
    ? (proposal?.view?.backends ?? []).map((b) => {
        const mount = b.id.split('/').at(-1) ?? 'bind';
        return { id: b.id, label: b.label, mount: isOneOf(MOUNT_KINDS, mount) ? mount : 'bind' };
      })
    : previewBackends(setup);
  const workloadsNow = chosenWorkloads(setup);
  // Every preset's time for what is chosen now, from the same estimate the start panel gives.
  const presetTimes =
    backends.length > 0 && workloadsNow.length > 0
      ? (Object.fromEntries(
          PRESET_IDS.map((id) => [
            id,
            estimateRangeWords(
              estimateRun(
                workloadsNow,
                backends.map((b) => b.mount),
                PRESETS[id].counts,
              ),
            ),
          ]),
        ) as Record<PresetId, string>)
      : null;

  const startRun = async () => {
    if ('request' in built) await startRunAndShow(stores, built.request);
  };
  const startSweep = async () => {
    setConfirming(false);
    if (!sweepRequest) return;
    if (await stores.sweep.getState().start(sweepRequest)) stores.nav.getState().show('run');
  };
  const busy = runPhase === 'active' || sweepPhase === 'active';

  return (
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
        <section className="card" aria-label="What to measure">
          <PresetPicker
            value={setup.preset}
            onChange={setup.choosePreset}
            budget={setup.budgetMinutes}
            onBudget={setup.chooseBudget}
            times={presetTimes}
          />
          <WorkloadPicker
            workloads={setup.workloads.filter((w) => w.id !== 'custom')}
            chosen={setup.workloadIds}
            size={PRESETS[setup.preset].counts.size}
            onToggle={setup.toggleWorkload}
          />
          <ProjectCard canPick={setup.info.transport === 'ipc'} />
          <BackendPicker
            engine={engine}
            mounts={setup.mounts}
            variants={setup.variants}
            workloads={chosenWorkloads(setup)}
            mountInfo={setup.mountInfo}
            switchable={switchableProducts(setup.providers).some((p) => p.detection.id === engine?.provider)}
            onToggleMount={setup.toggleMount}
            onToggleVariant={setup.toggleVariant}
          />
          <SwitchVariantsPicker
            products={switchableProducts(setup.providers)}
            chosen={setup.switchProvider}
            variants={setup.switchVariants}
            reversePass={setup.switchReversePass}
            onChooseProduct={setup.chooseSwitchProvider}
            onToggleVariant={setup.toggleSwitchVariant}
            onToggleReversePass={setup.toggleSwitchReversePass}
          />
        </section>
        {/* After the options, so the start button comes last in tab order too. */}
        <StartPanel
          backends={backends}
          workloads={chosenWorkloads(setup)}
          counts={PRESETS[setup.preset].counts}
          problem={problem}
          proposal={sweep ? proposal : null}
          starting={runPhase === 'starting' || sweepPhase === 'starting'}
          running={busy}
          onStart={() => (sweep ? setConfirming(true) : void startRun())}
        />
      </div>
      {confirming && proposal?.view && (
        <SweepConfirmDialog
          proposal={proposal.view}
          onConfirm={() => void startSweep()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
