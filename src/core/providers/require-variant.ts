// Every provider refuses an unknown or unavailable variant the same way, naming the valid ones or
// the reason, before anything is changed.
import { MountbenchError } from '../../shared/errors';
import type { ProviderVariant } from './provider-variant';

export function requireAvailableVariant<T extends ProviderVariant>(
  product: string,
  list: readonly T[],
  id: string,
): T {
  const variant = list.find((v) => v.id === id);
  if (!variant) {
    throw new MountbenchError(
      'BAD_INPUT',
      `${product} has no variant "${id}"; known: ${list.map((v) => v.id).join(', ')}`,
    );
  }
  if (!variant.available) {
    throw new MountbenchError(
      'BAD_INPUT',
      `${product} variant "${id}" is unavailable here: ${variant.reason ?? 'no reason given'}`,
    );
  }
  return variant;
}
