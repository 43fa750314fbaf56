// Every provider Mountbench knows, in the order `mountbench providers` lists them: the products
// (product-modules.ts), then the plain Docker Engine. Other folders ask here instead of naming a
// product: which module an id is, whether its engine is a VM of the user's, which files it owns.
import { MountbenchError } from '../../shared/errors';
import { isOneOf, PROVIDER_IDS, type ProviderId } from '../../shared/ids';
import { dockerEngineModule } from './docker-engine-module';
import type { Restorer } from '../journal';
import type { ProductModule } from '../providers/product-module';
import { PRODUCT_MODULES } from '../providers/product-modules';
import type { Provider } from '../providers/provider';

export const MODULES: readonly ProductModule[] = [...PRODUCT_MODULES, dockerEngineModule];

export const PROVIDERS: readonly Provider[] = MODULES.map((m) => m.provider);

export { PLAIN_ENGINE } from '../vocab/plain-engine-id';

export function moduleFor(id: string | null | undefined): ProductModule | undefined {
  return id != null && isOneOf(PROVIDER_IDS, id) ? MODULES.find((m) => m.id === id) : undefined;
}

export function providerById(id: string): Provider {
  const found = moduleFor(id)?.provider;
  if (!found) {
    throw new MountbenchError(
      'BAD_INPUT',
      `unknown provider "${id}"; known: ${PROVIDERS.map((p) => p.id).join(', ')}`,
    );
  }
  return found;
}

/** Whether the engine of `id` runs in a VM of the user's own on their Mac (cold-cache mode). */
export function ownsItsVm(id: string): boolean {
  return moduleFor(id)?.ownsItsVm ?? false;
}

/** The products whose engine is a VM of the user's own, in registry order. */
export function productsOwningTheirVm(): ProviderId[] {
  return MODULES.filter((m) => m.ownsItsVm).map((m) => m.id);
}

/** The product a published write-up's engine name belongs to, or null. */
export function providerForPublishedLabel(engine: string): ProviderId | null {
  return MODULES.find((m) => m.publishedLabel.test(engine))?.id ?? null;
}

/** The folders every product's installer puts its CLIs in, in registry order, each once. */
export function productCliFolders(home: string): string[] {
  return [...new Set(MODULES.flatMap((m) => m.cliFolders(home)))];
}

/** The restorer of a journal owner a product keeps beside its settings (file shares), or undefined. */
export function extraRestorerFor(owner: string): Restorer | undefined {
  for (const m of MODULES) {
    const found = m.extraRestorers?.[owner];
    if (found) return found;
  }
  return undefined;
}

/** Whether the product that serves `sync-share` offers it here; null when no product serves it. */
export function syncShareAvailabilityOf(
  engineSocket: string,
  signal?: AbortSignal,
): Promise<{ available: boolean; reason: string | null }> | null {
  const serving = MODULES.find((m) => m.syncShareAvailability);
  return serving?.syncShareAvailability?.(engineSocket, signal) ?? null;
}

/** What starts and removes the `sync-share` mount's shares: the product that serves it; null: none. */
export function syncSharesOf(): Required<Pick<ProductModule, 'startSyncShare' | 'removeSyncShares'>> | null {
  const serving = MODULES.find((m) => m.startSyncShare && m.removeSyncShares);
  return serving?.startSyncShare && serving.removeSyncShares
    ? { startSyncShare: serving.startSyncShare, removeSyncShares: serving.removeSyncShares }
    : null;
}
