// Everything Mountbench knows about one product, in one object its folder exports
// (`providers/<id>/module.ts`) and `product-modules.ts` lists. The other folders never name a
// product: discovery, the cold-cache rule, the journal's gate, the published figures, the shell's
// PATH and the advice all ask the registry (docs/architecture.md, "Adding a product").
import type { JournalHandle, Restorer } from '../journal';
import type { ProviderId } from '../../shared/ids';
import type { SetupAction, TradeOff } from '../../shared/recommendation';
import type { ActionOptions } from '../vocab/action-options';
import type { SetupKind } from '../vocab/setup-kind';
import type { KnownSocket } from '../vocab/known-socket';
import type { Provider, ProviderContext } from './provider';

/** Where to look for the product's engines, and how to tell that an engine is the product's. */
export interface ProductDiscovery {
  /** Substrings of socket paths the product uses, including where its sockets link to. */
  readonly socketPathMarks: readonly string[];
  /** True for the names the product gives its own Docker contexts. */
  isOwnContextName(name: string): boolean;
  /** Folders whose sockets are the product's wherever they are (colima's `$COLIMA_HOME`). */
  socketFolders?(env: NodeJS.ProcessEnv, home: string): string[];
  /** The sockets it opens without a Docker context (listed when the product is installed). */
  knownSockets(env: NodeJS.ProcessEnv, home: string): Promise<KnownSocket[]>;
  /**
   * The product's own release from the engine's `/version` `Platform.Name` ("Docker Desktop 4.37.1
   * (178610)" → "4.37.1"), or null. Absent: the product's engine does not name it there.
   */
  versionFromPlatformName?(name: string): string | null;
}

/**
 * What the recommendation says about the product, pure (no I/O): built from the same key tables the
 * provider writes, so a settings key is spelled once.
 */
export interface ProductAdvice {
  /** What to do to get the backend's file-sharing setting on a bind mount. */
  action(setup: SetupKind, options: ActionOptions): SetupAction;
  /** What the file-sharing setting costs besides time (bind mounts only: the caller checks). */
  tradeOffs(setup: SetupKind): TradeOff[];
}

export interface ProductModule {
  readonly id: ProviderId;
  /** The one `Provider` interface (provider.ts): detect, variants, apply, restore… */
  readonly provider: Provider;
  readonly discovery: ProductDiscovery;
  /** Its engine runs in a VM of the user's own, so cold-cache mode may drop that VM's page cache. */
  readonly ownsItsVm: boolean;
  /**
   * The only settings files a journal of this product may put back (sweep/owned-files.ts): every
   * file its `apply` writes must be here (test/integration/product-owned-files.test.ts).
   */
  ownedSettingsFiles(ctx: Pick<ProviderContext, 'env' | 'home'>): string[];
  /** How the published write-ups name its engine ("Docker for Mac" is Docker Desktop too). */
  readonly publishedLabel: RegExp;
  /** Where its installers put the CLIs the provider runs (an app opened from the Finder lacks them). */
  cliFolders(home: string): string[];
  readonly advice: ProductAdvice;
  /**
   * Journal owners of this product beside its provider's settings (Docker Desktop's file shares),
   * each with what puts its records back after a crash (sweep/restore-all.ts asks the registry).
   */
  readonly extraRestorers?: Readonly<Record<string, Restorer>>;
  /** Whether a mount only this product serves (`sync-share`) can be measured on this engine socket. */
  readonly syncShareAvailability?: (
    engineSocket: string,
    signal?: AbortSignal,
  ) => Promise<{ available: boolean; reason: string | null }>;
  /**
   * Starts that mount's share of one host folder for a run, journaled, and resolves once it is
   * ready; throws, naming why, where this engine does not offer it.
   */
  readonly startSyncShare?: (o: SyncShareStart) => Promise<SyncShareHandle>;
  /** Removes every share labelled with `runId`, whatever start got to; safe to repeat. */
  readonly removeSyncShares?: (o: Pick<SyncShareStart, 'engineSocket' | 'runId'>) => Promise<void>;
}

export interface SyncShareStart {
  engineSocket: string;
  hostPath: string;
  /** Labels the share (one executor's: its removal takes every share of this label). */
  runId: string;
  journal: JournalHandle;
  signal: AbortSignal;
}

export interface SyncShareHandle {
  /** Seconds from asking for the share until the product said it was ready: the initial copy. */
  initialSyncSeconds: number;
  /** Removes the share; never cancelled, safe to call twice. */
  remove(): Promise<void>;
}
