// The product's own release for a run file, from what the engine itself answered (`/version`'s
// Platform.Name), so a plain run and a sweep record it alike without running the product's CLI.
// Only a product whose module knows how its engine names it gets one here; for the rest a run and a
// sweep add what the product's detection read (withDetectedVersion; runner/product-release.ts), and
// the team figures fall back to the engine's version when that names nothing.
import type { ProviderId } from '../../shared/ids';
import { productVersionSchema, type EngineInfo } from '../../shared/result-schema';
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';
import { PRODUCT_FACTS } from '../providers/catalog';

export function productVersionFrom(provider: ProviderId, platformName: string | undefined): string | null {
  if (!platformName) return null;
  const facts = PRODUCT_FACTS.find((f) => f.id === provider);
  const version = facts?.discovery.versionFromPlatformName?.(platformName) ?? null;
  // The engine's answer is untrusted: a version the run file could not hold is no version.
  return version !== null && productVersionSchema.safeParse(version).success ? version : null;
}

/**
 * A sweep knows the product it drives and what its detection read (Docker Desktop's Info.plist,
 * `rdctl version`, `colima version`, `orb version`): that release stands where the engine named
 * none. Only its first word is kept ("0.8.1 (80100)" → "0.8.1"), checked like any other; the plain
 * engine's "release" is its engine version, which the run already records.
 */
export function withDetectedVersion(info: EngineInfo, detected: string | null): EngineInfo {
  if (info.productVersion || info.provider === PLAIN_ENGINE || !detected) return info;
  const first = detected.trim().split(/\s+/)[0];
  return productVersionSchema.safeParse(first).success ? { ...info, productVersion: first } : info;
}
