// Setup: this machine, its engines, what to measure and how thoroughly; then one button.
import { useShallow } from 'zustand/react/shallow';
import { BackendPicker } from '../components/BackendPicker';
import { EnginesCard } from '../components/EnginesCard';
import { MachineCard } from '../components/MachineCard';
import { PresetPicker } from '../components/PresetPicker';
import { StartPanel } from '../components/StartPanel';
import { WorkloadPicker } from '../components/WorkloadPicker';
import { PRESETS } from '../lib/presets';
import { buildRequest, chosenEngine, chosenWorkloads, previewBackends } from '../stores/setup-store';
import { useSlice, useStores } from '../stores/StoresContext';

export function SetupView() {
  const stores = useStores();
  const setup = useSlice(
    (s) => s.setup,
    useShallow((s) => s),
  );
  const runPhase = useSlice(
    (s) => s.run,
    (s) => s.phase,
  );

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
  const built = buildRequest(setup);
  const start = async () => {
    if (!('request' in built)) return;
    if (await stores.run.getState().start(built.request)) stores.nav.getState().show('run');
  };

  return (
    <div className="setup-grid">
      <div className="column">
        <MachineCard info={setup.info} />
        <EnginesCard
          engines={setup.engines}
          chosen={setup.engineName}
          onChoose={setup.chooseEngine}
          onRefresh={() => void setup.refreshEngines()}
        />
        <StartPanel
          backends={previewBackends(setup)}
          workloads={chosenWorkloads(setup)}
          counts={PRESETS[setup.preset].counts}
          problem={'problem' in built ? built.problem : null}
          starting={runPhase === 'starting'}
          running={runPhase === 'active'}
          onStart={() => void start()}
        />
      </div>
      <div className="column">
        <section className="card" aria-label="What to measure">
          <PresetPicker value={setup.preset} onChange={setup.choosePreset} />
          <WorkloadPicker
            workloads={setup.workloads.filter((w) => w.id !== 'custom')}
            chosen={setup.workloadIds}
            size={PRESETS[setup.preset].counts.size}
            onToggle={setup.toggleWorkload}
          />
          <BackendPicker
            engine={engine}
            mounts={setup.mounts}
            variants={setup.variants}
            workloads={chosenWorkloads(setup)}
            mountInfo={setup.mountInfo}
            onToggleMount={setup.toggleMount}
            onToggleVariant={setup.toggleVariant}
          />
        </section>
      </div>
    </div>
  );
}
