// Every product's facts and the plain Docker Engine's (providers/product-facts.ts), in the order
// `mountbench providers` lists them, with no driver loaded: what the advice, the cold-cache rule,
// the published figures and the shell's PATH ask. The registry (registry.ts) is the same list with
// the providers, for what drives a product.
import { isOneOf, PROVIDER_IDS, type ProviderId } from '../../shared/ids';
import { PRODUCT_FACTS } from '../providers/catalog';
import type { ProductFacts } from '../providers/product-facts';
import { dockerEngineFacts } from './docker-engine-facts';

export const FACTS: readonly ProductFacts[] = [...PRODUCT_FACTS, dockerEngineFacts];

export function factsFor(id: string | null | undefined): ProductFacts | undefined {
  return id != null && isOneOf(PROVIDER_IDS, id) ? FACTS.find((f) => f.id === id) : undefined;
}

/** Whether the engine of `id` runs in a VM of the user's own on their Mac (cold-cache mode). */
export function ownsItsVm(id: string): boolean {
  return factsFor(id)?.ownsItsVm ?? false;
}

/** The products whose engine is a VM of the user's own, in listing order. */
export function productsOwningTheirVm(): ProviderId[] {
  return FACTS.filter((f) => f.ownsItsVm).map((f) => f.id);
}

/** The product a published write-up's engine name belongs to, or null. */
export function providerForPublishedLabel(engine: string): ProviderId | null {
  return FACTS.find((f) => f.publishedLabel.test(engine))?.id ?? null;
}

/** The folders every product's installer puts its CLIs in, in listing order, each once. */
export function productCliFolders(home: string): string[] {
  return [...new Set(FACTS.flatMap((f) => f.cliFolders(home)))];
}
