import { describe, expect, it } from 'vitest';
import type { MountInfo } from './api';
import type { EstimatedWorkload } from './estimate';
import type { WorkloadId } from './ids';
import {
  defaultEngineName,
  defaultMounts,
  defaultSwitchVariants,
  planSetup,
  type SetupMachine,
  type SetupPicks,
} from './setup-plan';
import type { ProviderSummary, SweepProposalView } from './sweep';
import { DOCKER_DESKTOP, engine } from './test-support/setup-fixtures';

const LINUX = engine({});
const DESKTOP = engine({
  name: 'desktop-linux',
  endpoint: 'unix:///Users/ada/.docker/run/docker.sock',
  provider: 'docker-desktop',
});

const workload = (id: WorkloadId, perExecution: number): EstimatedWorkload & { id: WorkloadId } => ({
  id,
  unsupported: {},
  cost: {
    quick: { cases: 1, perExecution, fixture: 1 },
    default: { cases: 1, perExecution: perExecution * 5, fixture: 5 },
  },
});
const WORKLOADS = [workload('dd-write', 0.7), workload('small-file-read', 1.25)];

const NO_SYNC: MountInfo[] = [
  { mount: 'mutagen', available: false, reason: 'mutagen is not installed (not on PATH)' },
  { mount: 'docker-sync', available: false, reason: 'docker-sync is not installed (not on PATH)' },
];
const MUTAGEN: MountInfo[] = [
  { mount: 'mutagen', available: true, reason: null },
  { mount: 'docker-sync', available: false, reason: 'docker-sync is not installed (not on PATH)' },
];

const DOCKER_ENGINE: ProviderSummary = {
  detection: {
    id: 'docker-engine',
    label: 'Docker Engine',
    installed: true,
    version: '20.10.24',
    running: true,
    currentVariant: 'native',
    currentSetting: 'bind mounts served natively',
    settingsFile: null,
    engineName: 'default',
    problems: [],
  },
  variants: [
    { id: 'native', label: 'native', available: true, affects: ['bind'] },
    { id: 'fuse', label: 'FUSE share (bindfs)', available: true, affects: ['bind'] },
  ],
  switches: false,
};

const QUICK = { size: 'quick', runs: 3, warmup: 1, race: true, maxRuns: 20 } as const;

function picks(machine: SetupMachine, over: Partial<SetupPicks> = {}): SetupPicks {
  const engineName = defaultEngineName(machine.engines);
  const product =
    machine.providers.find(
      (p) => p.switches && p.detection.id === machine.engines.find((e) => e.name === engineName)?.provider,
    ) ?? null;
  return {
    engineName,
    mounts: defaultMounts(machine.mountInfo),
    variants: ['native'],
    workloadIds: machine.workloads.map((w) => w.id),
    counts: QUICK,
    switchProvider: null,
    switchVariants: defaultSwitchVariants(product),
    reversePass: false,
    project: false,
    ...over,
  };
}

const MAC: SetupMachine = {
  engines: [DESKTOP],
  providers: [DOCKER_DESKTOP],
  mountInfo: NO_SYNC,
  workloads: WORKLOADS,
};

/** The dry run of the default Mac sweep: the current one costs nothing, each switch 90 s. */
const PROPOSAL: SweepProposalView = {
  provider: DOCKER_DESKTOP.detection,
  variants: ['vz-virtiofs', 'vz-grpcfuse', 'docker-vmm'].map((id) => ({
    id,
    label: id,
    plan: {
      variant: id,
      changes: id !== 'vz-virtiofs',
      restarts: id !== 'vz-virtiofs',
      writes: [],
      estimatedSeconds: id === 'vz-virtiofs' ? 0 : 90,
      notes: [],
    },
  })),
  unavailable: [],
  backends: [],
  restarts: true,
  containersToStop: [],
  estimatedSeconds: 0,
  blockers: [],
  notes: [],
};

describe('planSetup on a Docker Desktop home with variants', () => {
  it('proposes a sweep of every available variant, the current one first', () => {
    const plan = planSetup(MAC, picks(MAC));
    expect(plan.action).toBe('sweep');
    expect(plan.sweep).toEqual({
      provider: 'docker-desktop',
      label: 'Docker Desktop',
      variants: ['vz-virtiofs', 'vz-grpcfuse', 'docker-vmm'],
    });
    expect(plan.headline).toBe(
      "Compares Docker Desktop's file-sharing settings: VZ + VirtioFS, VZ + gRPC FUSE, Docker VMM (beta) + VirtioFS (the one set now first).",
    );
    // Bind mounts once per setting; the others once, under the first; no host in a sweep.
    expect(plan.backends.map((b) => b.id)).toEqual([
      'docker-desktop/vz-virtiofs/bind',
      'docker-desktop/vz-virtiofs/volume',
      'docker-desktop/vz-virtiofs/tmpfs',
      'docker-desktop/vz-virtiofs/layer',
      'docker-desktop/vz-grpcfuse/bind',
      'docker-desktop/docker-vmm/bind',
    ]);
  });

  it('waits for the dry run before it states a total or lets the sweep start', () => {
    const plan = planSetup(MAC, picks(MAC));
    expect(plan.estimate.totalSeconds).toBeNull();
    expect(plan.estimate.restartSeconds).toBeNull();
    expect(plan.problem).toBe('Asking the product what the restarts take…');
  });

  it('counts the restarts in the one total: two switches and putting the settings back', () => {
    const plan = planSetup(MAC, picks(MAC), PROPOSAL);
    expect(plan.problem).toBeNull();
    expect(plan.estimate.restarts).toBe(3);
    expect(plan.estimate.restartSeconds).toBe(270);
    // Quick races each setting's run: under VirtioFS the bind mount is alone for the source tree
    // (10 samples) while volume, tmpfs and layer race (3 each); under gRPC FUSE and Docker VMM the
    // bind mount races nobody (10 each). Per workload: 6 warm-ups + 39 samples, one fixture per
    // backend; 6 container starts.
    const executions = 6 + (10 + 3 + 3 + 3) + 10 + 10;
    const measured = 6 * 5 + (6 + executions * 0.7) + (6 + executions * 1.25);
    expect(plan.estimate.measureSeconds).toBeCloseTo(measured, 6);
    expect(plan.estimate.totalSeconds).toBeCloseTo(measured + 270, 6);
    // At most, every backend races to Quick's cap of 20.
    const most = 6 * (1 + 20);
    expect(plan.estimate.maxTotalSeconds).toBeCloseTo(6 * 5 + (6 + most * 0.7) + (6 + most * 1.25) + 270, 6);
  });

  it('a reverse pass doubles the switches and the measuring, not the restore', () => {
    const once = planSetup(MAC, picks(MAC), PROPOSAL);
    const plan = planSetup(MAC, picks(MAC, { reversePass: true }), PROPOSAL);
    expect(plan.estimate.restarts).toBe(5);
    expect(plan.estimate.restartSeconds).toBe(2 * 180 + 90);
    expect(plan.estimate.measureSeconds).toBeCloseTo(2 * once.estimate.measureSeconds, 6);
    expect(plan.estimate.totalSeconds).toBeCloseTo(plan.estimate.measureSeconds + 450, 6);
  });

  it('refuses to start while the dry run has blockers', () => {
    const plan = planSetup(MAC, picks(MAC), { ...PROPOSAL, blockers: ['settings file unreadable'] });
    expect(plan.problem).toBe('The sweep cannot start (see "What will restart").');
  });

  it('"measure only what runs now" is a plain run of the current setting, nothing restarts', () => {
    const plan = planSetup(MAC, picks(MAC, { switchVariants: ['vz-virtiofs'] }));
    expect(plan.action).toBe('run');
    expect(plan.sweep).toBeNull();
    expect(plan.canSweep).toBe(true);
    expect(plan.headline).toBe(
      'Measures only what runs now (VZ + VirtioFS): no setting is switched, nothing restarts.',
    );
    expect(plan.estimate).toMatchObject({ restarts: 0, restartSeconds: 0 });
    // A run races: its total is a range up to the cap.
    expect(plan.estimate.maxTotalSeconds).toBeGreaterThan(plan.estimate.totalSeconds ?? Infinity);
    expect(plan.backends.map((b) => b.mount)).toEqual(['bind', 'volume', 'tmpfs', 'layer', 'host']);
    expect(plan.problem).toBeNull();
  });

  it('a product with one available variant has nothing to sweep', () => {
    const one: ProviderSummary = {
      ...DOCKER_DESKTOP,
      variants: DOCKER_DESKTOP.variants.map((v) => ({ ...v, available: v.id === 'vz-virtiofs' })),
    };
    const machine = { ...MAC, providers: [one] };
    const plan = planSetup(machine, picks(machine));
    expect(plan.action).toBe('run');
    expect(plan.canSweep).toBe(false);
    expect(plan.sourceTree).toEqual({
      kind: 'nothing',
      sentence:
        'Nothing to choose for the source tree: Docker Desktop offers no other file-sharing setting here; what there is to choose is where dependencies and caches live: named volume, container layer or tmpfs, against the bind mount.',
    });
  });

  it('says a picked project is not swept instead of dropping it', () => {
    const plan = planSetup(MAC, picks(MAC, { project: true }), PROPOSAL);
    expect(plan.problem).toBe(
      'Your project is not measured while comparing settings: press "Measure only what runs now" to measure it, or leave it out.',
    );
    expect(planSetup(MAC, picks(MAC, { project: true, switchVariants: ['vz-virtiofs'] })).problem).toBeNull();
  });

  it('with mutagen installed, the sweep measures it beside the bind mount', () => {
    const machine = { ...MAC, mountInfo: MUTAGEN };
    const plan = planSetup(machine, picks(machine));
    expect(plan.action).toBe('sweep');
    expect(plan.backends.map((b) => b.id)).toContain('docker-desktop/vz-virtiofs/mutagen');
  });
});

describe('planSetup on a native Linux engine', () => {
  const LINUX_HOME: SetupMachine = {
    engines: [LINUX],
    providers: [DOCKER_ENGINE],
    mountInfo: NO_SYNC,
    workloads: WORKLOADS,
  };

  it('says in one line there is nothing to choose for the source tree and leads with the data', () => {
    const plan = planSetup(LINUX_HOME, picks(LINUX_HOME));
    expect(plan.action).toBe('run');
    expect(plan.canSweep).toBe(false);
    expect(plan.headline).toBe(
      'Nothing to choose for the source tree: a Linux engine serves bind mounts natively, with no file-sharing setting; what there is to choose is where dependencies and caches live: named volume, container layer or tmpfs, against the bind mount.',
    );
    expect(plan.backends.map((b) => b.id)).toEqual([
      'docker-engine/native/bind',
      'docker-engine/native/volume',
      'docker-engine/native/tmpfs',
      'docker-engine/native/layer',
      'host',
    ]);
    expect(plan.estimate.restarts).toBe(0);
    expect(plan.problem).toBeNull();
  });

  it('with a sync tool installed, the source tree has a choice: bind against the tool', () => {
    const machine = { ...LINUX_HOME, mountInfo: MUTAGEN };
    const plan = planSetup(machine, picks(machine));
    expect(plan.sourceTree).toEqual({
      kind: 'sync',
      sentence:
        'For the source tree: the bind mount against mutagen (installed here), under the file sharing as it is set now.',
    });
    expect(plan.backends.map((b) => b.mount)).toContain('mutagen');
  });

  it('drops a sync mount whose tool is missing instead of planning it', () => {
    const plan = planSetup(LINUX_HOME, picks(LINUX_HOME, { mounts: ['bind', 'mutagen'] }));
    expect(plan.backends.map((b) => b.mount)).toEqual(['bind']);
  });

  it('a Docker Desktop installed beside the Linux engine is not swept unless picked', () => {
    const machine = { ...LINUX_HOME, providers: [DOCKER_DESKTOP, DOCKER_ENGINE] };
    expect(planSetup(machine, picks(machine)).action).toBe('run');
    // Picked but not switched: what runs now is still the Linux engine, and a sweep is offered.
    const offered = planSetup(
      machine,
      picks(machine, { switchProvider: 'docker-desktop', switchVariants: ['vz-virtiofs'] }),
    );
    expect(offered).toMatchObject({ action: 'run', canSweep: true, sourceTree: { kind: 'nothing' } });
    expect(offered.headline).toContain('a Linux engine serves bind mounts natively');
    const picked = planSetup(
      machine,
      picks(machine, {
        switchProvider: 'docker-desktop',
        switchVariants: defaultSwitchVariants(DOCKER_DESKTOP),
      }),
    );
    expect(picked.action).toBe('sweep');
  });

  it('asks for a workload and a backend before it can start', () => {
    expect(planSetup(LINUX_HOME, picks(LINUX_HOME, { workloadIds: [] })).problem).toBe(
      'Pick at least one workload.',
    );
    expect(planSetup(LINUX_HOME, picks(LINUX_HOME, { workloadIds: [], project: true })).problem).toBeNull();
    expect(planSetup(LINUX_HOME, picks(LINUX_HOME, { mounts: [] })).problem).toBe(
      'Pick at least one backend.',
    );
  });
});

describe('planSetup: the engine asked for is the engine measured', () => {
  const DEAD_HOST = engine({
    endpoint: 'unix:///var/run/gone.sock',
    source: 'env',
    reachable: false,
    error: 'no socket at /var/run/gone.sock',
  });
  const SYSTEM = engine({ name: 'system', current: false });
  const DEAD: SetupMachine = {
    engines: [DEAD_HOST, SYSTEM],
    providers: [DOCKER_ENGINE],
    mountInfo: NO_SYNC,
    workloads: WORKLOADS,
  };

  it('keeps the dead DOCKER_HOST engine chosen instead of the system socket', () => {
    expect(defaultEngineName(DEAD.engines)).toBe('default');
  });

  it('refuses with the reason and offers the engine that answers', () => {
    const plan = planSetup(DEAD, picks(DEAD));
    expect(plan.engine.status).toBe('refused');
    if (plan.engine.status !== 'refused') return;
    expect(plan.engine.others.map((e) => e.name)).toEqual(['system']);
    expect(plan.headline).toBe(
      'Nothing runs on "default" until it answers, or until you pick another engine.',
    );
    expect(plan.problem).toBe(
      'The engine "default" (unix:///var/run/gone.sock) does not answer: no socket at /var/run/gone.sock. DOCKER_HOST names it, so nothing runs on another engine in its place: start it, or pick one of the engines that answer.',
    );
    // Not even the host baseline runs in its place: the user asked for that engine.
    expect(plan.backends.map((b) => b.id)).toEqual(['host']);
  });

  it('the host baseline alone still runs: it needs no engine', () => {
    const plan = planSetup(DEAD, picks(DEAD, { mounts: ['host'] }));
    expect(plan.backends.map((b) => b.id)).toEqual(['host']);
    expect(plan.problem).toBeNull();
  });

  it('runs on the other engine once it is picked by name', () => {
    const plan = planSetup(DEAD, picks(DEAD, { engineName: 'system' }));
    expect(plan.engine).toMatchObject({ status: 'ok', engine: { name: 'system' } });
    expect(plan.problem).toBeNull();
  });

  it('a current context the user chose that is down is refused the same way', () => {
    const ctx = engine({ name: 'colima', provider: 'colima', reachable: false, error: 'no socket' });
    const engines = [ctx, SYSTEM];
    expect(defaultEngineName(engines)).toBe('colima');
    const plan = planSetup({ ...DEAD, engines }, picks({ ...DEAD, engines }));
    expect(plan.problem).toContain('It is the current docker context, so nothing runs on another engine');
  });

  it('an engine picked in Setup that stopped answering is refused, not swapped', () => {
    const down = engine({ name: 'system', current: false, reachable: false, error: 'connection refused' });
    const engines = [LINUX, down];
    const plan = planSetup({ ...DEAD, engines }, picks({ ...DEAD, engines }, { engineName: 'system' }));
    expect(plan.engine.status).toBe('refused');
    expect(plan.problem).toContain('It is the engine picked');
  });

  it('only the implicit default falls back to an engine that answers', () => {
    const implicit = engine({ reachable: false, error: 'no socket' });
    const colima = engine({ name: 'colima', provider: 'colima', current: false, source: 'socket' });
    expect(defaultEngineName([implicit, colima])).toBe('colima');
  });

  it('a refused engine is never swept either, even with a product installed', () => {
    const machine = { ...DEAD, providers: [DOCKER_DESKTOP] };
    const plan = planSetup(
      machine,
      picks(machine, { switchProvider: 'docker-desktop', switchVariants: ['vz-grpcfuse'] }),
    );
    expect(plan.action).toBe('run');
    expect(plan.problem).toContain('does not answer');
  });

  it('a dead DOCKER_HOST with nothing else answering: the host baseline alone, said by name', () => {
    const machine = { ...DEAD, engines: [DEAD_HOST] };
    const plan = planSetup(machine, picks(machine));
    expect(plan.engine.status).toBe('none');
    expect(plan.headline).toBe(
      'The engine "default" (unix:///var/run/gone.sock) does not answer: no socket at /var/run/gone.sock. No other engine answers: only the host baseline can run. Start an engine and look again.',
    );
    expect(plan.backends.map((b) => b.id)).toEqual(['host']);
    expect(plan.problem).toBeNull();
  });

  it('with no engine at all only the host baseline runs, and says so', () => {
    const none = engine({ reachable: false, error: 'no socket' });
    const machine = { ...DEAD, engines: [none] };
    const plan = planSetup(machine, picks(machine, { engineName: null }));
    expect(plan.engine).toEqual({
      status: 'none',
      reason: 'No engine answers: only the host baseline can run. Start an engine and look again.',
    });
    expect(plan.backends.map((b) => b.id)).toEqual(['host']);
    expect(plan.problem).toBeNull();
    expect(planSetup(machine, picks(machine, { engineName: null, mounts: ['bind'] })).problem).toBe(
      'No engine answers: tick the host baseline, or start an engine.',
    );
  });
});
