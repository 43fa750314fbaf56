// Everything Mountbench knows about one product, in one object its folder exports
// (`providers/<id>/module.ts`) and `product-modules.ts` lists: its facts (product-facts.ts, which
// discovery, the advice and the published figures read from the catalog without loading any
// driver) and its driver. The other folders never name a product: they ask the catalog or the
// registry (docs/architecture.md, "Adding a product").
import type { JournalHandle, Restorer } from '../journal';
import type { ProductFacts } from './product-facts';
import type { Provider } from './provider';

export type { ProductAdvice, ProductDiscovery, ProductFacts } from './product-facts';

/** The product's facts (product-facts.ts) and its driver: the provider and what runs beside it. */
export interface ProductModule extends ProductFacts {
  /** The one `Provider` interface (provider.ts): detect, variants, apply, restore… */
  readonly provider: Provider;
  /**
   * Journal owners of this product beside its provider's settings (Docker Desktop's file shares),
   * each with what puts its records back after a crash (sweep/restore-all.ts asks the registry).
   */
  readonly extraRestorers?: Readonly<Record<string, Restorer>>;
  /**
   * What the product serves beside its own settings, registered as a capability the other folders
   * ask the registry for by name, never by product (as Podman Desktop's extensions register a
   * container connection): the `sync-share` mount's synchronized file shares.
   */
  readonly capabilities?: ProductCapabilities;
}

export interface ProductCapabilities {
  readonly syncShares?: SyncShareCapability;
}

/** Synchronized file shares of host folders (the `sync-share` mount), served by one product. */
export interface SyncShareCapability {
  /** Whether they can be measured on this engine socket, and why not. */
  availability(
    engineSocket: string,
    signal?: AbortSignal,
  ): Promise<{ available: boolean; reason: string | null }>;
  /**
   * Starts a share of one host folder for a run, journaled, and resolves once it is ready;
   * throws, naming why, where this engine does not offer it.
   */
  start(o: SyncShareStart): Promise<SyncShareHandle>;
  /** Removes every share labelled with `runId`, whatever start got to; safe to repeat. */
  remove(o: Pick<SyncShareStart, 'engineSocket' | 'runId'>): Promise<void>;
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
