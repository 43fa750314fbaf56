// Setup: first the plan and its one button ("Benchmark my setup", shared/setup-plan.ts decides
// what it does: by default a sweep of the product's file-sharing settings where it has them, or a
// run of what there is to choose), the total time with the restarts, and "Measure only what runs
// now"; then the machine, its engines and products, and the pickers to change the plan. A sweep
// asks for confirmation, restarts listed, before anything restarts.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isOneOf, MOUNT_KINDS } from '../../../shared/ids';
import { planSetup, type SetupMachine, type SetupPicks } from '../../../shared/setup-plan';
import { BackendPicker } from '../components/BackendPicker';
import { EnginesCard } from '../components/EnginesCard';
import { MachineCard } from '../components/MachineCard';
import { PresetPicker } from '../components/PresetPicker';
import { ProjectCard } from '../components/ProjectCard';
import { ProjectKindPicker } from '../components/ProjectKindPicker';
import { StartPanel, totalWords } from '../components/StartPanel';
import { SweepConfirmDialog } from '../components/SweepConfirmDialog';
import { SwitchVariantsPicker } from '../components/SwitchVariantsPicker';
import { WorkloadPicker } from '../components/WorkloadPicker';
import { PRESET_IDS, PRESETS, type PresetId } from '../lib/presets';
import { PROJECT_KINDS, type ProjectKindId } from '../../../shared/project-kinds';
import { estimateRangeWords } from '../lib/estimate-words';
import { switchableProducts } from '../lib/sweep-choice';
import { buildRequest, buildSweepRequest, chosenEngine, chosenWorkloads } from '../stores/setup-store';
import { projectRequest } from '../stores/project-store';
import { isProfileId } from '../stores/results-store';
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

  const machine: SetupMachine = {
    engines: setup.engines,
    providers: setup.providers,
    mountInfo: setup.mountInfo,
    workloads: setup.workloads,
  };
  const picksFor = (preset: PresetId): SetupPicks => ({
    engineName: setup.engineName,
    mounts: setup.mounts,
    variants: setup.variants,
    workloadIds: setup.workloadIds,
    counts: PRESETS[preset].counts,
    switchProvider: setup.switchProvider,
    switchVariants: setup.switchVariants,
    reversePass: setup.switchReversePass,
    project: project !== null && !('problem' in project),
  });
  // The plan decides whether the button sweeps; the store builds the request it sends.
  const draft = planSetup(machine, picksFor(setup.preset));
  const sweep = setup.status === 'ready' && draft.action === 'sweep' ? buildSweepRequest(setup) : null;
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
  const proposalView = proposal?.status === 'ready' ? proposal.view : null;
  const planFor = (preset: PresetId) => planSetup(machine, picksFor(preset), proposalView);
  const plan = planFor(setup.preset);
  const problem =
    plan.engine.status === 'refused' && plan.problem
      ? plan.problem
      : sweep
        ? 'problem' in sweep
          ? sweep.problem
          : proposal?.status === 'error'
            ? 'The sweep cannot be planned (see "What will restart").'
            : plan.problem
        : 'problem' in built
          ? built.problem
          : plan.problem;
  // Once the dry run answers, the core's own list of backends is the one shown.
  const shownPlan = proposalView
    ? {
        ...plan,
        backends: proposalView.backends.map((b) => {
          const mount = b.id.split('/').at(-1) ?? 'bind';
          return { id: b.id, label: b.label, mount: isOneOf(MOUNT_KINDS, mount) ? mount : 'bind' };
        }),
      }
    : plan;
  // Every preset's one total for what is chosen now, from the same plan the start panel gives.
  const presetTimes =
    plan.backends.length > 0 && plan.estimate.totalSeconds !== null
      ? (Object.fromEntries(
          PRESET_IDS.map((id) => {
            const { estimate } = planFor(id);
            return [
              id,
              estimateRangeWords({
                seconds: estimate.totalSeconds ?? estimate.measureSeconds,
                maxSeconds: estimate.maxTotalSeconds ?? estimate.maxMeasureSeconds,
                executions: 0,
              }),
            ];
          }),
        ) as Record<PresetId, string>)
      : null;

  // A kind weighs its recommendation with its own profile: Results opens on it.
  const chooseProjectKind = (kind: ProjectKindId | null) => {
    setup.chooseProjectKind(kind);
    const profile = kind ? PROJECT_KINDS[kind].profile : 'balanced';
    if (isProfileId(profile)) void stores.results.getState().setProfile(profile);
  };

  const startRun = async () => {
    if ('request' in built) await startRunAndShow(stores, built.request);
  };
  const startSweep = async () => {
    setConfirming(false);
    if (!sweepRequest) return;
    if (await stores.sweep.getState().start(sweepRequest)) stores.nav.getState().show('run');
  };
  const busy = runPhase === 'active' || sweepPhase === 'active';

  const startPanel = (
    <StartPanel
      plan={shownPlan}
      proposal={sweep ? proposal : null}
      problem={problem}
      starting={runPhase === 'starting' || sweepPhase === 'starting'}
      running={busy}
      onStart={() => (sweep ? setConfirming(true) : void startRun())}
      onMeasureNow={setup.measureOnlyNow}
      onCompareSettings={setup.compareSettings}
      onUseEngine={setup.chooseEngine}
    />
  );

  return (
    <div className="setup">
      {/* First on the page and in tab order: what the button does, its time, the button. */}
      {startPanel}
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
          <section className="card" aria-label="Change the plan">
            <h2>Change the plan</h2>
            <PresetPicker
              value={setup.preset}
              onChange={setup.choosePreset}
              budget={setup.budgetMinutes}
              onBudget={setup.chooseBudget}
              times={presetTimes}
              sweep={plan.action === 'sweep'}
            />
            <ProjectKindPicker
              workloads={setup.workloads.filter((w) => w.id !== 'custom')}
              chosen={setup.projectKind}
              suggested={projectPicks.inspection?.kind ?? null}
              onChoose={chooseProjectKind}
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
              switchable={switchableProducts(setup.providers).some(
                (p) => p.detection.id === engine?.provider,
              )}
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
