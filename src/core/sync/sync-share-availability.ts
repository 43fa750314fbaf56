// Whether the `sync-share` mount (Docker Desktop's synchronized file shares) can be measured for the
// engine a run's environment points at, as the product serving it says (its module's
// `syncShares` capability, registry.ts capabilityOf). A run asking for it where it is off is refused with the reason before
// anything starts, rather than measuring something else; the share itself is started per workload
// by the runner's sync-share executor.
import { MountbenchError } from '../../shared/errors';
import { capabilityOf } from '../products/registry';

const DEFAULT_ENGINE_SOCKET = '/var/run/docker.sock';

/** The engine's unix socket as the Docker CLI would find it from DOCKER_HOST; null: not a unix socket. */
export function engineSocketOf(env: NodeJS.ProcessEnv): string | null {
  const host = env.DOCKER_HOST?.trim();
  if (!host) return DEFAULT_ENGINE_SOCKET;
  return host.startsWith('unix://') && host.length > 'unix://'.length ? host.slice('unix://'.length) : null;
}

export async function syncShareAvailability(
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<{ available: boolean; reason: string | null }> {
  const socket = engineSocketOf(env);
  if (!socket)
    return {
      available: false,
      reason: `synchronized file shares are looked for on a local engine socket, and DOCKER_HOST is ${env.DOCKER_HOST}`,
    };
  const shares = capabilityOf('syncShares');
  if (!shares)
    return { available: false, reason: 'no product Mountbench knows serves synchronized file shares' };
  return shares.availability(socket, signal);
}

/** Throws, naming the reason, for a run that asks for `sync-share` where it is off. */
export async function requireSyncShare(env: NodeJS.ProcessEnv): Promise<void> {
  const found = await syncShareAvailability(env);
  if (!found.available)
    throw new MountbenchError('BAD_INPUT', `the sync-share mount is unavailable here: ${found.reason}`);
}
