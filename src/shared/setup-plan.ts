// Setup's decision: from what the machine has (engines, the products and their file-sharing
// variants as `providers:list` reports them, the sync tools installed) and what the user picked,
// what "Benchmark my setup" does, on which engine, how long it takes in all (restarts included),
// and why it cannot start when it cannot. Pure, so the Setup view renders one answer and its tests
// check every case without a dashboard.
//
// The rules, in the order the issue asked for them:
// - A product whose setting can be switched and that has more than one variant available here is
//   compared by default: a sweep of those variants, the current one first (measured before any
//   restart, so a cancelled sweep still has it), with an installed sync tool among the mounts.
// - "Measure only what runs now" is always one click away from a sweep: the same picks, no switch.
// - Where there is nothing to choose for the source tree (a plain Linux engine serves bind mounts
//   natively and no sync tool is installed) the plan says so in one line and leads with what there
//   is to choose: where dependencies and caches live.
// - The engine asked for is the engine measured: an engine the user chose (DOCKER_HOST, a current
//   context, or a pick in Setup) that does not answer refuses, naming the engines that do answer as
//   explicit choices; it is never swapped for another in silence.
import type { MountInfo } from './api';
import type { DiscoveredEngine } from './engine';
import { planBackends, previewBackends, type PlannedBackend } from './backend-plan';
import { estimateRun, estimateSweep, type EstimateCounts, type EstimatedWorkload } from './estimate';
import { SYNC_MOUNT_KINDS, type MountKind, type ProviderId, type WorkloadId } from './ids';
import type { ProviderSummary, ProviderVariantView, SweepProposalView } from './sweep';

/** What the machine has, as the core reports it. */
export interface SetupMachine {
  engines: readonly DiscoveredEngine[];
  providers: readonly ProviderSummary[];
  /** Which mounts can be measured here (the sync tools installed or not). */
  mountInfo: readonly MountInfo[];
  workloads: readonly (EstimatedWorkload & { id: WorkloadId })[];
}

/** What the user picked (or the defaults Setup starts with). */
export interface SetupPicks {
  /** The engine picked in Setup; null before any is (defaultEngineName gives Setup's first pick). */
  engineName: string | null;
  mounts: readonly MountKind[];
  /** The plain engine's own variants (native, FUSE share): Mountbench's ways of serving a bind mount. */
  variants: readonly string[];
  workloadIds: readonly WorkloadId[];
  counts: EstimateCounts;
  /** The product whose setting a sweep switches; null: the chosen engine's product, if it switches. */
  switchProvider: ProviderId | null;
  /** Its variants picked; only the current one (or none): measure only what runs now. */
  switchVariants: readonly string[];
  reversePass: boolean;
  /** "My project" is measured beside the ticked workloads (it is never swept). */
  project: boolean;
}

export type EngineDecision =
  | { status: 'ok'; engine: DiscoveredEngine }
  /** The engine asked for does not answer: nothing runs until it does or another is picked. */
  | { status: 'refused'; engine: DiscoveredEngine; reason: string; others: DiscoveredEngine[] }
  /** No engine answers at all: only the host baseline can run. */
  | { status: 'none'; reason: string };

export type SourceTreeDecision =
  /** A product's file-sharing settings to compare, in the order a sweep measures them. */
  | { kind: 'settings'; product: ProviderSummary; variants: ProviderVariantView[] }
  /** Nothing to choose: the sentence says why, in one line. */
  | { kind: 'nothing'; sentence: string }
  /** Bind mount against an installed sync tool, under the setting as it is. */
  | { kind: 'sync'; sentence: string };

export interface PlanEstimate {
  /** Measuring alone, with the fewest runs. */
  measureSeconds: number;
  /** With the most runs a race or adaptive stop may make. */
  maxMeasureSeconds: number;
  /** How many times the product restarts (switches, and putting the settings back). */
  restarts: number;
  /** Seconds the restarts take, from the dry run; null until the dry run has answered. */
  restartSeconds: number | null;
  /** The one total: measuring and restarting; null while the restarts are not known yet. */
  totalSeconds: number | null;
  maxTotalSeconds: number | null;
}

export interface SetupPlan {
  engine: EngineDecision;
  sourceTree: SourceTreeDecision;
  /** What "Benchmark my setup" starts. */
  action: 'sweep' | 'run';
  /** The sweep's product and variant ids in the order measured; null for a plain run. */
  sweep: { provider: ProviderId; label: string; variants: string[] } | null;
  /** A sweep is possible here (shown as the way back after "Measure only what runs now"). */
  canSweep: boolean;
  /** The product's variants a sweep would compare (current first), for "Compare the settings". */
  sweepable: string[];
  backends: PlannedBackend[];
  estimate: PlanEstimate;
  /** One line above the button: what the plan compares. */
  headline: string;
  /** Why the button is disabled; null when it can start. */
  problem: string | null;
}

const SYNC_MOUNTS: readonly MountKind[] = SYNC_MOUNT_KINDS;

/** Sync tools installed here, as `mounts:list` says. */
export function installedSyncMounts(mountInfo: readonly MountInfo[]): MountKind[] {
  return SYNC_MOUNTS.filter((m) => mountInfo.some((i) => i.mount === m && i.available));
}

/** Setup's first mounts: every container mount and the host, plus each sync tool installed. */
export function defaultMounts(mountInfo: readonly MountInfo[]): MountKind[] {
  return ['bind', ...installedSyncMounts(mountInfo), 'volume', 'tmpfs', 'layer', 'host'];
}

/** The docker CLI's own choice when the user made one (even dead), else the one that answers. */
export function defaultEngineName(engines: readonly DiscoveredEngine[]): string | null {
  const current = engines.find((e) => e.current);
  if (current && (current.reachable || userChose(current))) return current.name;
  return engines.find((e) => e.reachable)?.name ?? null;
}

/**
 * DOCKER_HOST, DOCKER_CONTEXT or a current context in config.json: the same test as the core's
 * resolveEngine, so Setup and the CLI refuse the same cases.
 */
function userChose(engine: DiscoveredEngine): boolean {
  return engine.source === 'env' || engine.name !== 'default';
}

function engineDecision(engines: readonly DiscoveredEngine[], name: string | null): EngineDecision {
  const engine = name === null ? undefined : engines.find((e) => e.name === name);
  const others = engines.filter((e) => e.reachable && e.name !== name);
  if (engine?.reachable) return { status: 'ok', engine };
  if (engine && others.length === 0) {
    // Nothing else answers, so nothing can be measured in its place: the host baseline alone runs.
    return {
      status: 'none',
      reason: `The engine "${engine.name}" (${engine.endpoint || 'no address'}) does not answer: ${engine.error ?? 'it did not answer'}. No other engine answers: only the host baseline can run. Start an engine and look again.`,
    };
  }
  if (engine) {
    const why = engine.error ?? 'it did not answer';
    const chosenBy =
      engine.current && engine.source === 'env'
        ? 'DOCKER_HOST names it'
        : engine.current && engine.name !== 'default'
          ? 'it is the current docker context'
          : 'it is the engine picked';
    return {
      status: 'refused',
      engine,
      others,
      reason:
        `The engine "${engine.name}" (${engine.endpoint || 'no address'}) does not answer: ${why}. ` +
        `${chosenBy[0].toUpperCase()}${chosenBy.slice(1)}, so nothing runs on another engine in its place` +
        ': start it, or pick one of the engines that answer.',
    };
  }
  return {
    status: 'none',
    reason: engines.length
      ? 'No engine answers: only the host baseline can run. Start an engine and look again.'
      : 'No Docker engine found: only the host baseline can run.',
  };
}

/** The switchable product the plan sweeps: the one picked, else the chosen engine's own. */
function sweepProduct(
  providers: readonly ProviderSummary[],
  picked: ProviderId | null,
  engine: DiscoveredEngine | null,
): ProviderSummary | null {
  const switchable = providers.filter((p) => p.switches && p.detection.installed);
  return (
    switchable.find((p) => p.detection.id === picked) ??
    switchable.find((p) => p.detection.id === engine?.provider) ??
    null
  );
}

/** The product's available variants, the one it runs now first. */
export function variantsCurrentFirst(product: ProviderSummary): ProviderVariantView[] {
  const available = product.variants.filter((v) => v.available);
  const current = available.filter((v) => v.id === product.detection.currentVariant);
  return [...current, ...available.filter((v) => v.id !== product.detection.currentVariant)];
}

/** Setup's first variant picks for a product: every one available here, so the default compares. */
export function defaultSwitchVariants(product: ProviderSummary | null): string[] {
  return product ? variantsCurrentFirst(product).map((v) => v.id) : [];
}

const CONTAINER_DATA_WORDS =
  'what there is to choose is where dependencies and caches live: named volume, container layer or tmpfs, against the bind mount';

function sourceTreeDecision(
  product: ProviderSummary | null,
  engine: DiscoveredEngine | null,
  syncMounts: readonly MountKind[],
): SourceTreeDecision {
  const variants = product ? variantsCurrentFirst(product) : [];
  if (product && variants.length > 1) return { kind: 'settings', product, variants };
  if (syncMounts.length) {
    return {
      kind: 'sync',
      sentence: `For the source tree: the bind mount against ${syncMounts.join(' and ')} (installed here), under the file sharing as it is set now.`,
    };
  }
  const why = product
    ? `${product.detection.label} offers no other file-sharing setting here`
    : engine?.provider === 'docker-engine'
      ? 'a Linux engine serves bind mounts natively, with no file-sharing setting'
      : 'this engine’s file sharing cannot be switched from here';
  return {
    kind: 'nothing',
    sentence: `Nothing to choose for the source tree: ${why}; ${CONTAINER_DATA_WORDS}.`,
  };
}

/** The restarts a dry run counts: each switch, and putting the settings back after the last. */
function restartsOf(proposal: SweepProposalView, passes: number): { count: number; seconds: number } {
  const plans = proposal.variants.map((v) => v.plan);
  const switches = plans.filter((p) => p?.restarts).length;
  const restoring = proposal.restarts ? Math.max(0, ...plans.map((p) => p?.estimatedSeconds ?? 0)) : 0;
  return {
    count: passes * switches + (proposal.restarts ? 1 : 0),
    // The same sum as the core's proposal (core/sweep/propose.ts): switches per pass, one restore.
    seconds: passes * plans.reduce((sum, p) => sum + (p?.estimatedSeconds ?? 0), 0) + restoring,
  };
}

export function planSetup(
  machine: SetupMachine,
  picks: SetupPicks,
  /** The dry run of the plan's sweep, once the core answered it (null before, or for a run). */
  proposal: SweepProposalView | null = null,
): SetupPlan {
  const engine = engineDecision(machine.engines, picks.engineName);
  const live = engine.status === 'ok' ? engine.engine : null;
  const syncMounts = installedSyncMounts(machine.mountInfo);
  const product =
    engine.status === 'refused' ? null : sweepProduct(machine.providers, picks.switchProvider, live);
  const available = product ? variantsCurrentFirst(product) : [];
  const sweepable = available.length > 1 ? available.map((v) => v.id) : [];
  const chosenVariants = sweepable.filter((id) => picks.switchVariants.includes(id));
  const switching = product !== null && chosenVariants.some((id) => id !== product.detection.currentVariant);
  // Without a switch, what runs now is the chosen engine: a product that does not own it (Docker
  // Desktop installed beside a plain Linux engine) says nothing about its source tree.
  const ownsEngine = product !== null && product.detection.id === live?.provider;
  const sourceTree = sourceTreeDecision(switching || ownsEngine ? product : null, live, syncMounts);
  const workloads = machine.workloads.filter((w) => picks.workloadIds.includes(w.id));
  const mounts = picks.mounts.filter((m) => !SYNC_MOUNTS.includes(m) || syncMounts.includes(m));

  const passes = picks.reversePass && chosenVariants.length > 1 ? 2 : 1;
  let backends: PlannedBackend[];
  let sweep: SetupPlan['sweep'] = null;
  // A sweep is one run per setting: the mounts each setting's run measures.
  let settingRuns: MountKind[][] = [];
  if (switching && product) {
    sweep = { provider: product.detection.id, label: product.detection.label, variants: chosenVariants };
    const planned = planBackends(
      { mounts: mounts.filter((m) => m !== 'host'), variants: chosenVariants },
      product.detection.id,
      product.variants,
    );
    settingRuns = chosenVariants.map((id) => planned.filter((b) => b.variant === id).map((b) => b.mount));
    backends = planned;
  } else {
    const usable = live ? mounts : mounts.filter((m) => m === 'host');
    backends = previewBackends(usable, live?.provider ?? null, picks.variants);
  }

  // A sweep races when the preset does (each setting's run its own race), and has no adaptive stop.
  const counts: EstimateCounts = sweep ? { ...picks.counts, adaptive: false } : picks.counts;
  const measured = sweep
    ? estimateSweep(workloads, settingRuns, counts)
    : estimateRun(
        workloads,
        backends.map((b) => b.mount),
        counts,
      );
  const restarts = sweep && proposal ? restartsOf(proposal, passes) : null;
  const estimate: PlanEstimate = {
    measureSeconds: passes * measured.seconds,
    maxMeasureSeconds: passes * measured.maxSeconds,
    restarts: restarts?.count ?? 0,
    restartSeconds: sweep ? (restarts?.seconds ?? null) : 0,
    totalSeconds: sweep ? (restarts ? passes * measured.seconds + restarts.seconds : null) : measured.seconds,
    maxTotalSeconds: sweep
      ? restarts
        ? passes * measured.maxSeconds + restarts.seconds
        : null
      : measured.maxSeconds,
  };

  return {
    engine,
    sourceTree,
    action: sweep ? 'sweep' : 'run',
    sweep,
    canSweep: sweepable.length > 1,
    sweepable,
    backends,
    estimate,
    headline:
      engine.status === 'none'
        ? engine.reason
        : engine.status === 'refused'
          ? `Nothing runs on "${engine.engine.name}" until it answers, or until you pick another engine.`
          : headlineOf(sourceTree, sweep, product),
    problem: problemOf(engine, mounts, sweep, proposal, workloads.length, picks.project, backends),
  };
}

function headlineOf(
  sourceTree: SourceTreeDecision,
  sweep: SetupPlan['sweep'],
  product: ProviderSummary | null,
): string {
  if (sweep && sourceTree.kind === 'settings') {
    const labels = sweep.variants.map((id) => sourceTree.variants.find((v) => v.id === id)?.label ?? id);
    return `Compares ${product?.detection.label ?? sweep.label}'s file-sharing settings: ${labels.join(', ')} (the one set now first).`;
  }
  if (sourceTree.kind === 'settings') {
    const now = sourceTree.variants[0]?.label ?? 'the current setting';
    return `Measures only what runs now (${now}): no setting is switched, nothing restarts.`;
  }
  return sourceTree.sentence;
}

function problemOf(
  engine: EngineDecision,
  mounts: readonly MountKind[],
  sweep: SetupPlan['sweep'],
  proposal: SweepProposalView | null,
  workloadCount: number,
  project: boolean,
  backends: readonly PlannedBackend[],
): string | null {
  // The host baseline alone needs no engine: it cannot be measured in the wrong place.
  if (engine.status === 'refused' && mounts.some((m) => m !== 'host')) return engine.reason;
  if (workloadCount === 0 && !project) return 'Pick at least one workload.';
  if (backends.length === 0) {
    return engine.status !== 'ok'
      ? 'No engine answers: tick the host baseline, or start an engine.'
      : 'Pick at least one backend.';
  }
  if (sweep) {
    // The sweep request has no custom workload (sweeps:start refuses it): never drop it unsaid.
    if (project)
      return 'Your project is not measured while comparing settings: press "Measure only what runs now" to measure it, or leave it out.';
    if (!proposal) return 'Asking the product what the restarts take…';
    if (proposal.blockers.length) return 'The sweep cannot start (see "What will restart").';
  }
  return null;
}
