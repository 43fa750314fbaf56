// Every provider Mountbench knows, in the order `mountbench providers` lists them.
import { MountbenchError } from '../../shared/errors';
import { isOneOf, PROVIDER_IDS } from '../../shared/ids';
import { colimaProvider } from './colima';
import { dockerDesktopProvider } from './docker-desktop';
import { dockerEngineProvider } from './docker-engine-provider';
import { orbstackProvider } from './orbstack';
import type { Provider } from './provider';
import { rancherDesktopProvider } from './rancher-desktop';

export const PROVIDERS: readonly Provider[] = [
  dockerDesktopProvider,
  rancherDesktopProvider,
  colimaProvider,
  orbstackProvider,
  dockerEngineProvider,
];

export function providerById(id: string): Provider {
  const found = isOneOf(PROVIDER_IDS, id) ? PROVIDERS.find((p) => p.id === id) : undefined;
  if (!found) {
    throw new MountbenchError(
      'BAD_INPUT',
      `unknown provider "${id}"; known: ${PROVIDERS.map((p) => p.id).join(', ')}`,
    );
  }
  return found;
}
