// What Mountbench knows of a product without driving it: where its engines are and how to tell
// them, whether its VM is the user's, which settings files it owns, how write-ups name it, where its
// CLIs live and what to advise. Each product folder exports its facts (`providers/<id>/facts.ts`)
// and `catalog.ts` lists them, so discovery, the recommendation and the published figures read a
// product without loading its driver (product-module.ts adds the provider to the same facts).
import type { ProviderId } from '../../shared/ids';
import type { SetupAction, TradeOff } from '../../shared/recommendation';
import type { ActionOptions } from '../vocab/action-options';
import type { KnownSocket } from '../vocab/known-socket';
import type { SetupKind } from '../vocab/setup-kind';

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

export interface ProductFacts {
  readonly id: ProviderId;
  readonly discovery: ProductDiscovery;
  /** Its engine runs in a VM of the user's own, so cold-cache mode may drop that VM's page cache. */
  readonly ownsItsVm: boolean;
  /**
   * The only settings files a journal of this product may put back (sweep/owned-files.ts): every
   * file its `apply` writes must be here (test/integration/product-owned-files.test.ts).
   */
  ownedSettingsFiles(ctx: { env: NodeJS.ProcessEnv; home: string }): string[];
  /** How the published write-ups name its engine ("Docker for Mac" is Docker Desktop too). */
  readonly publishedLabel: RegExp;
  /** Where its installers put the CLIs the provider runs (an app opened from the Finder lacks them). */
  cliFolders(home: string): string[];
  readonly advice: ProductAdvice;
}
