// Every provider Mountbench knows, in the order `mountbench providers` lists them: the products
// (product-modules.ts), then the plain Docker Engine. Other folders ask here instead of naming a
// product: which module an id is, which files it owns, what restores a journal of it. What needs
// no driver (the advice, the published figures, the cold-cache rule) asks the catalog (catalog.ts).
import { MountbenchError } from '../../shared/errors';
import { isOneOf, PROVIDER_IDS } from '../../shared/ids';
import { dockerEngineModule } from './docker-engine-module';
import type { Restorer } from '../journal';
import type { ProductCapabilities, ProductModule } from '../providers/product-module';
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

// What the catalog answers from the facts alone, for callers that also drive the products.
export { ownsItsVm, productCliFolders, productsOwningTheirVm, providerForPublishedLabel } from './catalog';

/** The restorer of a journal owner a product keeps beside its settings (file shares), or undefined. */
export function extraRestorerFor(owner: string): Restorer | undefined {
  for (const m of MODULES) {
    const found = m.extraRestorers?.[owner];
    if (found) return found;
  }
  return undefined;
}

/**
 * The one product's registration of a capability (the `sync-share` mount's shares: `syncShares`);
 * null when no product serves it. Two products registering one would leave which one a run
 * measures to the list's order, so that is refused (registry.test.ts holds the list to one).
 */
export function capabilityOf<K extends keyof ProductCapabilities>(
  name: K,
): NonNullable<ProductCapabilities[K]> | null {
  const serving = MODULES.flatMap((m) => (m.capabilities?.[name] ? [m.capabilities[name]] : []));
  if (serving.length > 1)
    throw new MountbenchError('INTERNAL', `more than one product registers the ${name} capability`);
  return (serving[0] as NonNullable<ProductCapabilities[K]> | undefined) ?? null;
}
