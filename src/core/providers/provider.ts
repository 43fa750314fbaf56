// The one interface every provider implements (docker-desktop, rancher-desktop, colima, orbstack,
// docker-engine). The sweep (core/sweep) only talks to providers through it, and the contract suite
// (contract.ts) checks every provider against it. Rules every implementation keeps:
//  - never write a settings file it cannot parse; change only the keys it owns (settings-files/);
//  - record originals in the journal BEFORE the first change (captureOriginals), and a journal
//    step before each action that changes something (journal.step);
//  - run product CLIs only through runProductCommand(ctx, …), so PATH/HOME come from ctx.env and a
//    test (or a user) can point everything at a sandbox home and stand-in CLIs.
import type { ProviderId } from '../../shared/ids';
import type { ApplyPlanView, ProviderDetectionView } from '../../shared/sweep';
import type { HostFacts } from '../vocab/host-facts';
import type { JournalHandle, ProviderOriginals } from '../journal';
import type { ProviderVariant } from './provider-variant';
import type { ServingProcess } from '../host-processes/serving-cost';
import type { StateReads } from './state-reads';

export type { HostFacts } from '../vocab/host-facts';
export type { ProviderVariant } from './provider-variant';

/** Everything a provider may look at. Nothing is read from process.env/os.homedir() directly. */
export interface ProviderContext {
  /** The environment product CLIs run with (PATH, HOME, DOCKER_CONFIG, COLIMA_HOME…). */
  env: NodeJS.ProcessEnv;
  /** The user's home: `~` in every product path. */
  home: string;
  /** Chip and OS version, for variant availability (overridable in tests: see host-facts.ts). */
  host: HostFacts;
  /** Mountbench's data folder (journal, backups). */
  dataDir: string;
  /** Aborts long waits and CLI calls (a cancelled sweep). */
  signal?: AbortSignal;
  /**
   * What the product answered that cannot change within this operation, by question
   * (once-per-operation.ts). Absent: every question goes to the product.
   */
  answers?: Map<string, Promise<unknown>>;
  /**
   * Reads of the product's state shared by this operation's steps for a moment (state-reads.ts).
   * Absent: every read goes to the product.
   */
  stateReads?: StateReads;
  /** Set on a wait's copy (freshReads): its reads go to the product. */
  freshStateReads?: boolean;
}

/** What `mountbench providers` shows for one product: the dashboard's type (src/shared). */
export type ProviderDetection = ProviderDetectionView;

/** The file-sharing settings the provider owns, as read from the product (file or API). */
export interface ProviderSettings {
  /** Where they came from: a file path, or e.g. `rdctl api /v1/settings`. */
  source: string;
  /** Settings format version (Docker Desktop SettingsVersion, Rancher Desktop `version`), or null. */
  formatVersion: number | null;
  /** Only the keys the provider owns, by their path in the product's own format. */
  values: Record<string, string | number | boolean | null>;
  /** The variant these values select, or null when they match none. */
  variant: string | null;
}

/** A variant with what the sweep needs to check it took. */
export interface VariantSpec extends ProviderVariant {
  /**
   * Filesystem types the bench container's bind-mounted folder may show under this variant, as in
   * /proc/mounts (`virtiofs`, `fakeowner`, `fuse.grpcfuse`, `9p`, `fuse.sshfs`, `osxfs`…).
   * Empty: not checked (named volumes etc.).
   */
  expectedFsTypes: readonly string[];
  /** Bind flags (`consistent`, `cached`, `delegated`) that mean something under this variant. */
  bindFlags: readonly string[];
  /** Caveats to show next to the figure, e.g. "Docker VMM is beta". */
  notes: readonly string[];
}

/** The dry run of one apply: what restarts and what it costs. Nothing has changed when it returns. */
export type ApplyPlan = ApplyPlanView;

export interface WaitOptions {
  /** Default 180 000 (180 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called on every poll with what the product says, e.g. "starting (VM booting)". */
  onProgress?(message: string): void;
}

export interface VerifyResult {
  ok: boolean;
  /** What the product says it runs now (its settings, or its status output). */
  reported: string | null;
  /** Set when not ok: what differs, in words a user can act on. */
  message?: string;
}

export interface Provider {
  readonly id: ProviderId;
  readonly label: string;
  /** Never throws for a missing or broken product: reports it in `problems`. */
  detect(ctx: ProviderContext): Promise<ProviderDetection>;
  /** Throws MountbenchError FILE_INVALID/IO with a clear message on a bad file or version. */
  readSettings(ctx: ProviderContext): Promise<ProviderSettings>;
  /** All variants the provider knows, the unavailable ones with `reason` (chip, OS, product version). */
  listVariants(ctx: ProviderContext): Promise<VariantSpec[]>;
  /** The dry run: reads only. */
  planApply(ctx: ProviderContext, variant: string): Promise<ApplyPlan>;
  /**
   * Records in `journal` everything restore() needs (settings files, running state) BEFORE any
   * change. Called once per sweep, before the first apply.
   */
  captureOriginals(ctx: ProviderContext, journal: JournalHandle): Promise<void>;
  /**
   * Puts the product in `variant` (stop, write, start as it needs), appending a journal step before
   * each action. Does not wait for readiness.
   */
  apply(ctx: ProviderContext, variant: string, journal: JournalHandle): Promise<void>;
  /** Resolves once the engine answers; throws (with the product's last status) after the timeout. */
  waitReady(ctx: ProviderContext, options?: WaitOptions): Promise<void>;
  /** The product reports `variant`, and `observedFsType` (bind mount, in the container) is one expected. */
  verify(ctx: ProviderContext, variant: string, observedFsType: string | null): Promise<VerifyResult>;
  /**
   * Puts back what captureOriginals recorded: settings, then the running/stopped state. Idempotent:
   * it may run again after a crash halfway through a previous restore.
   */
  restore(ctx: ProviderContext, originals: ProviderOriginals, journal: JournalHandle): Promise<void>;
  /**
   * The host processes that run the product's VM and serve its shares now, as the product records
   * them (a Lima instance's pid files): what a sample on its engine costs the host beyond the
   * container's own clock. Empty, or absent, where they cannot be found. Never throws.
   */
  servingProcesses?(ctx: ProviderContext): Promise<ServingProcess[]>;
}

export const DEFAULT_READY_TIMEOUT_MS = 180_000;

export { runProductCommand, type CommandResult, type CommandOptions } from './run-product-command';
