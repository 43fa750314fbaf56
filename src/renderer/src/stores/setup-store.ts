// What the setup view knows (this machine, its engines, the workloads) and what the user picked:
// engine, mounts, variants, workloads and preset, turned into the RunRequest the core validates.
import { createStore } from 'zustand/vanilla';
import type { AppInfo, MountbenchApi, MountInfo, WorkloadInfo } from '../../../shared/api';
import type { DiscoveredEngine, EngineFsSeen } from '../../../shared/engine';
import {
  DEFAULT_WORKLOAD_IDS,
  type MountKind,
  type ProviderId,
  type WorkloadId,
} from '../../../shared/ids';
import { kindWorkloads, type ProjectKindId } from '../../../shared/project-kinds';
import { MOUNT_FACTS } from '../../../shared/mounts';
import type { RunRequest } from '../../../shared/run-plan';
import type { ProviderSummary, SweepProposalView, SweepRequest } from '../../../shared/sweep';
import {
  dashboardVariants,
  previewBackends as planPreview,
  type PlannedBackend,
} from '../../../shared/backend-plan';
import { defaultEngineName, defaultMounts, defaultSwitchVariants } from '../../../shared/setup-plan';
import { PRESETS, type BudgetMinutes, type PresetId } from '../lib/presets';
import { needsSwitch, productOf, sweepRequestOf, switchableProducts } from '../lib/sweep-choice';
import type { ProjectRequestPart } from './project-store';

/** The dry run of the sweep the picks ask for, fetched from the core whenever they change. */
export interface ProposalState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The request it answers (JSON), so a late answer to older picks is dropped. */
  key: string | null;
  view: SweepProposalView | null;
  error: string | null;
}

export interface SetupState {
  status: 'loading' | 'ready' | 'error';
  info: AppInfo | null;
  engines: DiscoveredEngine[];
  workloads: WorkloadInfo[];
  /** Which mounts can be measured here; a sync mount without its tool is listed with the reason. */
  mountInfo: MountInfo[];
  engineName: string | null;
  /** What a bind mount on each engine lands on, once looked at; `checking` while the probe runs. */
  fsSeen: Record<string, EngineFsSeen | 'checking'>;
  mounts: MountKind[];
  variants: string[];
  workloadIds: WorkloadId[];
  /** The kind of project whose workloads are picked (shared/project-kinds.ts); null: the default set. */
  projectKind: ProjectKindId | null;
  preset: PresetId;
  /** "Answer within N minutes" (racing presets only); null: no budget. */
  budgetMinutes: BudgetMinutes;
  /** Every product Mountbench knows, with its current file-sharing setting. */
  providers: ProviderSummary[];
  /** The product whose settings the user may switch (a sweep), or null. */
  switchProvider: ProviderId | null;
  /** Its variants picked; only the current one: a plain run, nothing restarts. */
  switchVariants: string[];
  /** Measure the picked settings again in reverse order (A B C, then C B A) to catch drift. */
  switchReversePass: boolean;
  proposal: ProposalState;
  load(): Promise<void>;
  /** Reads the products again (after "Apply this setting" changed one). */
  refreshProviders(): Promise<void>;
  chooseSwitchProvider(id: ProviderId): void;
  toggleSwitchVariant(id: string): void;
  toggleSwitchReversePass(): void;
  /** "Measure only what runs now": the product's current setting alone, nothing switched. */
  measureOnlyNow(): void;
  /** Back to the default: every variant of the product available here, the current one first. */
  compareSettings(): void;
  /** Asks the core for the dry run of `request` (no-op when it already answers it). */
  propose(request: SweepRequest): Promise<void>;
  refreshEngines(): Promise<void>;
  chooseEngine(name: string): void;
  /** Looks (once per engine, or again when asked) at the fs type a bind mount lands on. */
  lookAtFs(engineName: string, again?: boolean): Promise<void>;
  toggleMount(mount: MountKind): void;
  toggleVariant(id: string): void;
  toggleWorkload(id: WorkloadId): void;
  /** Picks a kind's workloads (the ones the core offers), or the default set again for null. */
  chooseProjectKind(kind: ProjectKindId | null): void;
  choosePreset(preset: PresetId): void;
  /** "Answer within N minutes" for a racing preset; null: no budget. */
  chooseBudget(minutes: BudgetMinutes): void;
}

export const CONTAINER_MOUNTS: readonly MountKind[] = ['bind', 'volume', 'tmpfs', 'layer'];
const DEFAULT_MOUNTS: MountKind[] = ['bind', 'volume', 'tmpfs', 'layer', 'host'];

/** The default set, as far as the core offers it. */
function defaultWorkloadIds(workloads: readonly WorkloadInfo[]): WorkloadId[] {
  return workloads.map((w) => w.id).filter((id) => DEFAULT_WORKLOAD_IDS.includes(id));
}

const toggle = <T>(list: T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/**
 * The engine the docker CLI would use: when the user chose it (DOCKER_HOST, a context) it stays
 * chosen even when it does not answer, so Setup refuses rather than measure another engine.
 */
const defaultEngine = defaultEngineName;

export function createSetupStore(options: {
  api: MountbenchApi;
  onError?: (context: string, err: unknown) => void;
}) {
  const { api } = options;
  return createStore<SetupState>()((set, get) => ({
    status: 'loading',
    info: null,
    engines: [],
    workloads: [],
    mountInfo: [],
    engineName: null,
    fsSeen: {},
    mounts: DEFAULT_MOUNTS,
    variants: ['native'],
    workloadIds: [],
    projectKind: null,
    preset: 'quick',
    budgetMinutes: null,
    providers: [],
    switchProvider: null,
    switchVariants: [],
    // The bracket is the default (shared/sweep.ts `bracketed`): unticked, settings are measured once.
    switchReversePass: true,
    proposal: { status: 'idle', key: null, view: null, error: null },

    async load() {
      set({ status: 'loading' });
      try {
        const [info, engines, workloads, mountInfo, providers] = await Promise.all([
          api.app.info(),
          api.engines.list(),
          api.workloads.list(),
          // Without an answer the sync mounts stay disabled (availableMount), nothing else is lost.
          api.mounts.list().catch((): MountInfo[] => []),
          // Without the products the dashboard still measures the engines as they are.
          api.providers.list().catch((err: unknown) => {
            options.onError?.('Could not look at the Docker products', err);
            return [] as ProviderSummary[];
          }),
        ]);
        const engineName = defaultEngine(engines);
        const engineProvider = engines.find((e) => e.name === engineName)?.provider ?? null;
        // The engine's own product is compared by default; another product installed beside it
        // (Docker Desktop next to a Linux engine) is offered, not switched unasked.
        const own = productOf(providers, engineProvider);
        const product = own ?? switchableProducts(providers)[0] ?? null;
        const current = product?.detection.currentVariant;
        set({
          providers,
          switchProvider: product?.detection.id ?? null,
          // The default compares: every setting available here, the current one first.
          switchVariants: own ? defaultSwitchVariants(own) : current ? [current] : [],
          mounts: defaultMounts(mountInfo),
          status: 'ready',
          info,
          engines,
          workloads,
          mountInfo,
          engineName,
          // `custom` needs a command and a folder: the CLI's job, not a checkbox. The working-day
          // workloads come with a kind of project, not by default (ids.ts DEFAULT_WORKLOAD_IDS).
          workloadIds: defaultWorkloadIds(workloads),
        });
        if (engineName) void get().lookAtFs(engineName);
      } catch (err) {
        set({ status: 'error' });
        options.onError?.('Could not read this machine and its engines', err);
      }
    },

    async refreshEngines() {
      try {
        const engines = await api.engines.list();
        // The engine picked stays picked while it is listed, answering or not: Setup says it does
        // not answer and offers the others, it never moves to another in silence.
        const still = engines.some((e) => e.name === get().engineName);
        const engineName = still ? get().engineName : defaultEngine(engines);
        set({ engines, engineName });
        if (engineName) void get().lookAtFs(engineName, true);
      } catch (err) {
        options.onError?.('Could not look for engines', err);
      }
    },

    chooseEngine: (name) => {
      set({ engineName: name });
      void get().lookAtFs(name);
    },

    async lookAtFs(engineName, again = false) {
      const known = get().fsSeen[engineName];
      if (known === 'checking' || (known && !again)) return;
      set((s) => ({ fsSeen: { ...s.fsSeen, [engineName]: 'checking' } }));
      // The core never throws for an engine it cannot look at (it says why); a transport error does.
      const seen = await api.engines.fsSeen(engineName).catch((err: unknown): EngineFsSeen => ({
        engine: engineName,
        fsType: null,
        reason: `could not look: ${err instanceof Error ? err.message : String(err)}`,
      }));
      set((s) => ({ fsSeen: { ...s.fsSeen, [engineName]: seen } }));
    },
    toggleMount: (mount) => set((s) => ({ mounts: toggle(s.mounts, mount) })),
    toggleVariant: (id) => set((s) => ({ variants: toggle(s.variants, id) })),
    toggleWorkload: (id) => set((s) => ({ workloadIds: toggle(s.workloadIds, id) })),
    chooseProjectKind: (projectKind) =>
      set((s) => ({
        projectKind,
        workloadIds: projectKind
          ? kindWorkloads(
              projectKind,
              s.workloads.map((w) => w.id),
            )
          : defaultWorkloadIds(s.workloads),
      })),
    choosePreset: (preset) => set({ preset }),
    chooseBudget: (budgetMinutes) => set({ budgetMinutes }),
    async refreshProviders() {
      try {
        set({ providers: await api.providers.list() });
      } catch (err) {
        options.onError?.('Could not look at the Docker products', err);
      }
      // A changed setting changes where bind mounts land: look again.
      const engineName = get().engineName;
      if (engineName) void get().lookAtFs(engineName, true);
    },
    chooseSwitchProvider(id) {
      const product = productOf(get().providers, id);
      if (!product) return;
      set({ switchProvider: id, switchVariants: defaultSwitchVariants(product) });
    },
    measureOnlyNow() {
      const current = productOf(get().providers, get().switchProvider)?.detection.currentVariant;
      set({ switchVariants: current ? [current] : [] });
    },
    compareSettings() {
      set({ switchVariants: defaultSwitchVariants(productOf(get().providers, get().switchProvider)) });
    },
    toggleSwitchVariant: (id) => set((s) => ({ switchVariants: toggle(s.switchVariants, id) })),
    toggleSwitchReversePass: () => set((s) => ({ switchReversePass: !s.switchReversePass })),

    async propose(request) {
      const key = JSON.stringify(request);
      if (get().proposal.key === key && get().proposal.status !== 'error') return;
      set({ proposal: { status: 'loading', key, view: null, error: null } });
      try {
        const view = await api.sweeps.propose(request);
        if (get().proposal.key === key) set({ proposal: { status: 'ready', key, view, error: null } });
      } catch (err) {
        if (get().proposal.key === key)
          set({ proposal: { status: 'error', key, view: null, error: (err as Error).message } });
      }
    },
  }));
}

type Picks = Pick<
  SetupState,
  'engines' | 'engineName' | 'mounts' | 'variants' | 'workloadIds' | 'workloads' | 'preset'
> &
  Partial<Pick<SetupState, 'mountInfo' | 'budgetMinutes'>>;

/** Why a mount cannot be picked here (as `mounts:list` says), or null. */
export function mountUnavailableReason(
  mountInfo: readonly MountInfo[] | undefined,
  mount: MountKind,
): string | null {
  // Whatever the core says is unavailable is, whichever mount it is: Setup never offers a mount
  // the run would refuse.
  const info = mountInfo?.find((m) => m.mount === mount);
  if (info) return info.available ? null : (info.reason ?? 'unavailable');
  // A sync mount needs its tool, an NFS volume the host's export, a synchronized share Docker
  // Desktop's file-shares API on a paid plan: only the core can say they are there.
  return MOUNT_FACTS[mount].needs !== null
    ? 'availability unknown: the app could not say whether what it needs is here'
    : null;
}

type SwitchPicks = Picks &
  Pick<SetupState, 'providers' | 'switchProvider' | 'switchVariants' | 'switchReversePass'>;

/** The product to switch, when the picks ask for a setting it is not set to now (a sweep). */
export function switchingProduct(s: SwitchPicks): ProviderSummary | null {
  const product = productOf(s.providers, s.switchProvider);
  return needsSwitch(product, s.switchVariants) ? product : null;
}

/**
 * The sweep the picks ask for, or null when they ask for a plain run; a problem when it cannot
 * start yet. A racing preset (Quick, Standard) races each setting's run, so the sweep can end on a
 * decided answer; a sweep has no adaptive stop, so Thorough's counts are used as fixed ones.
 */
export function buildSweepRequest(s: SwitchPicks): { request: SweepRequest } | { problem: string } | null {
  const product = switchingProduct(s);
  if (!product) return null;
  const workloads = chosenWorkloads(s).map((w) => w.id);
  if (workloads.length === 0) return { problem: 'Pick at least one workload.' };
  const counts = PRESETS[s.preset].counts;
  const built = sweepRequestOf(product, s.switchVariants, {
    workloads,
    mounts: s.mounts,
    size: counts.size,
    runs: counts.runs,
    warmup: counts.warmup,
  });
  if ('problem' in built) return built;
  const raced = counts.race
    ? { ...built, race: true, ...(counts.maxRuns !== undefined ? { maxRuns: counts.maxRuns } : {}) }
    : built;
  // A second pass only means something with two settings or more: one is not reordered. Said
  // either way, so the core's default (bracketed) never decides for an unticked box.
  return {
    request: (raced.variants?.length ?? 0) > 1 ? { ...raced, reversePass: s.switchReversePass } : raced,
  };
}

export function chosenEngine(s: Picks): DiscoveredEngine | null {
  return s.engines.find((e) => e.reachable && e.name === s.engineName) ?? null;
}

/** Container mounts need an engine; without one only the host baseline is left. */
export function usableMounts(s: Picks): MountKind[] {
  const available = s.mounts.filter((m) => !mountUnavailableReason(s.mountInfo, m));
  return chosenEngine(s) ? available : available.filter((m) => m === 'host');
}

export function chosenWorkloads(s: Picks): WorkloadInfo[] {
  return s.workloads.filter((w) => s.workloadIds.includes(w.id));
}

export function previewBackends(s: Picks): PlannedBackend[] {
  const engine = chosenEngine(s);
  return planPreview(usableMounts(s), engine?.provider ?? null, s.variants);
}

/**
 * The request for the core, or what is missing before there can be one. `project`: "My project"
 * (project-store.ts), measured as the custom workload beside the ticked ones.
 */
export function buildRequest(
  s: Picks,
  project: ProjectRequestPart | { problem: string } | null = null,
): { request: RunRequest } | { problem: string } {
  if (project && 'problem' in project) return project;
  const mounts = usableMounts(s);
  const workloads: RunRequest['workloads'] = [
    ...chosenWorkloads(s).map((w) => w.id),
    ...(project ? (['custom'] as const) : []),
  ];
  if (workloads.length === 0) return { problem: 'Pick at least one workload, or your project.' };
  if (mounts.length === 0) {
    return {
      problem: chosenEngine(s)
        ? 'Pick at least one backend.'
        : 'No engine answers: tick the host baseline, or start an engine.',
    };
  }
  const engine = chosenEngine(s);
  const offered = dashboardVariants(engine?.provider ?? null).map((v) => v.id);
  const variants = s.variants.filter((v) => offered.includes(v));
  const counts = PRESETS[s.preset].counts;
  const request: RunRequest = {
    ...(engine && mounts.some((m) => m !== 'host') ? { engine: engine.name } : {}),
    ...(variants.length ? { variants } : {}),
    mounts,
    workloads,
    size: counts.size,
    runs: counts.runs,
    warmup: counts.warmup,
    ...(counts.adaptive ? { adaptive: true, maxRuns: counts.maxRuns } : {}),
    ...(counts.race ? { race: true, maxRuns: counts.maxRuns } : {}),
    ...(counts.race && s.budgetMinutes ? { budgetSeconds: s.budgetMinutes * 60 } : {}),
    ...(project ? { custom: project.custom } : {}),
    ...(project?.coldCache ? { coldCache: project.coldCache } : {}),
  };
  return { request };
}
