// Which product's file-sharing settings the user may switch from Setup, and when the picks need a
// sweep (a variant other than the current one) rather than a plain run. Pure functions of the
// setup's state, so the Setup view, its store and their tests agree on one answer.
import type { ProviderId } from '../../../shared/ids';
import { variantsCurrentFirst } from '../../../shared/setup-plan';
import type { ProviderSummary, SweepRequest } from '../../../shared/sweep';

/** Installed products whose own setting Mountbench can switch (not the plain engine). */
export function switchableProducts(providers: readonly ProviderSummary[]): ProviderSummary[] {
  return providers.filter((p) => p.switches && p.detection.installed);
}

export function productOf(
  providers: readonly ProviderSummary[],
  id: ProviderId | null,
): ProviderSummary | null {
  return switchableProducts(providers).find((p) => p.detection.id === id) ?? null;
}

/**
 * The chosen variants that exist and are available, the current one first (measured before any
 * restart, so a sweep cancelled early still has it), then in the product's own order.
 */
export function chosenSwitchVariants(product: ProviderSummary, picked: readonly string[]): string[] {
  return variantsCurrentFirst(product)
    .filter((v) => picked.includes(v.id))
    .map((v) => v.id);
}

/** True when the picks include a variant the product is not set to now: that needs a switch. */
export function needsSwitch(product: ProviderSummary | null, picked: readonly string[]): boolean {
  if (!product) return false;
  return chosenSwitchVariants(product, picked).some((id) => id !== product.detection.currentVariant);
}

/** The sweep request for the picks; the host baseline is not part of a sweep (it never changes). */
export function sweepRequestOf(
  product: ProviderSummary,
  picked: readonly string[],
  base: Pick<SweepRequest, 'workloads' | 'mounts' | 'size' | 'runs' | 'warmup'>,
): SweepRequest | { problem: string } {
  const variants = chosenSwitchVariants(product, picked);
  const mounts = base.mounts.filter((m) => m !== 'host');
  if (mounts.length === 0) return { problem: 'Pick at least one container backend to try the settings on.' };
  return { provider: product.detection.id, variants, ...base, mounts };
}
