// "Change the plan": the preset, the kind of project, the workloads, "My project", the backends and
// the settings a sweep switches, each picker wired to the setup store. Choosing a kind of project
// also opens Results on the profile that kind is weighed with.
import { useShallow } from 'zustand/react/shallow';
import { PROJECT_KINDS, type ProjectKindId } from '../../../shared/project-kinds';
import { PRESETS, type PresetId } from '../lib/presets';
import { switchableProducts } from '../lib/sweep-choice';
import { isProfileId } from '../stores/results-store';
import { chosenEngine, chosenWorkloads } from '../stores/setup-store';
import { useSlice, useStores } from '../stores/StoresContext';
import { BackendPicker } from './BackendPicker';
import { PresetPicker } from './PresetPicker';
import { ProjectCard } from './ProjectCard';
import { ProjectKindPicker } from './ProjectKindPicker';
import { SwitchVariantsPicker } from './SwitchVariantsPicker';
import { WorkloadPicker } from './WorkloadPicker';

export function PlanPickers(props: {
  /** Each preset's total time for what is chosen now; null while there is none. */
  presetTimes: Record<PresetId, string> | null;
  sweep: boolean;
  /** The desktop app's folder dialog; in a browser the folder is typed. */
  canPickFolder: boolean;
}) {
  const stores = useStores();
  const setup = useSlice(
    (s) => s.setup,
    useShallow((s) => s),
  );
  const suggestedKind = useSlice(
    (s) => s.project,
    (s) => s.inspection?.kind ?? null,
  );
  const engine = chosenEngine(setup);
  const workloads = setup.workloads.filter((w) => w.id !== 'custom');
  const switchable = switchableProducts(setup.providers);

  const chooseProjectKind = (kind: ProjectKindId | null) => {
    setup.chooseProjectKind(kind);
    const profile = kind ? PROJECT_KINDS[kind].profile : 'balanced';
    if (isProfileId(profile)) void stores.results.getState().setProfile(profile);
  };

  return (
    <section className="card" aria-label="Change the plan">
      <h2>Change the plan</h2>
      <PresetPicker
        value={setup.preset}
        onChange={setup.choosePreset}
        budget={setup.budgetMinutes}
        onBudget={setup.chooseBudget}
        times={props.presetTimes}
        sweep={props.sweep}
      />
      <ProjectKindPicker
        workloads={workloads}
        chosen={setup.projectKind}
        suggested={suggestedKind}
        onChoose={chooseProjectKind}
      />
      <WorkloadPicker
        workloads={workloads}
        chosen={setup.workloadIds}
        size={PRESETS[setup.preset].counts.size}
        onToggle={setup.toggleWorkload}
      />
      <ProjectCard canPick={props.canPickFolder} />
      <BackendPicker
        engine={engine}
        mounts={setup.mounts}
        variants={setup.variants}
        workloads={chosenWorkloads(setup)}
        mountInfo={setup.mountInfo}
        switchable={switchable.some((p) => p.detection.id === engine?.provider)}
        onToggleMount={setup.toggleMount}
        onToggleVariant={setup.toggleVariant}
      />
      <SwitchVariantsPicker
        products={switchable}
        chosen={setup.switchProvider}
        variants={setup.switchVariants}
        reversePass={setup.switchReversePass}
        onChooseProduct={setup.chooseSwitchProvider}
        onToggleVariant={setup.toggleSwitchVariant}
        onToggleReversePass={setup.toggleSwitchReversePass}
      />
    </section>
  );
}
