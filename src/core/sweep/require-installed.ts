// A sweep and an apply both start by asking whether the product is here at all; both refuse the
// same way, with what detection found, before anything is read or changed.
import { MountbenchError } from '../../shared/errors';
import type { Provider, ProviderContext, ProviderDetection } from '../providers/provider';

export async function requireInstalled(provider: Provider, ctx: ProviderContext): Promise<ProviderDetection> {
  const detection = await provider.detect(ctx);
  if (!detection.installed) {
    throw new MountbenchError(
      'NOT_INSTALLED',
      `${provider.label} is not installed here${detection.problems.length ? `: ${detection.problems.join('; ')}` : ''}`,
    );
  }
  return detection;
}
