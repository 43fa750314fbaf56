// The product's own release for a run file, from what the engine itself answered (`/version`'s
// Platform.Name), so a plain run and a sweep record it alike without running the product's CLI.
// Only a product whose module knows how its engine names it gets one; the rest record null and the
// team figures fall back to the engine's version (docs/product-facts.md, "product version").
import type { ProviderId } from '../../shared/ids';
import { productVersionSchema } from '../../shared/result-schema';
import { PRODUCT_MODULES } from '../providers/product-modules';

export function productVersionFrom(provider: ProviderId, platformName: string | undefined): string | null {
  if (!platformName) return null;
  const module = PRODUCT_MODULES.find((m) => m.id === provider);
  const version = module?.discovery.versionFromPlatformName?.(platformName) ?? null;
  // The engine's answer is untrusted: a version the run file could not hold is no version.
  return version !== null && productVersionSchema.safeParse(version).success ? version : null;
}
