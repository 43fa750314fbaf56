// Sockets the desktop products open whether or not a Docker context points at them, as each
// product's facts list them (providers/<id>/facts.ts: a socket is listed when its product is
// installed, so a stopped product shows up as "no socket at …"), then the system socket.
import fs from 'node:fs/promises';
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';
import type { KnownSocket } from '../vocab/known-socket';
import { PRODUCT_FACTS } from '../providers/catalog';
import type { ProductFacts } from '../providers/product-facts';

export type { KnownSocket } from '../vocab/known-socket';

/** Name for the system-wide socket when no context (not even `default`) points at it. */
export const SYSTEM_SOCKET_NAME = 'system';

export async function listKnownSockets(options: {
  env: NodeJS.ProcessEnv;
  home: string;
  systemSocketPath: string;
  modules?: readonly ProductFacts[];
}): Promise<KnownSocket[]> {
  const { env, home, systemSocketPath, modules = PRODUCT_FACTS } = options;
  const found: KnownSocket[] = [];
  for (const product of modules) found.push(...(await product.discovery.knownSockets(env, home)));
  // The system socket has no product folder of its own; list it only when it is there. Whoever
  // answers on it, it is the plain engine's unless its real path says otherwise (provider-guess.ts).
  if (await exists(systemSocketPath)) {
    found.push({ name: SYSTEM_SOCKET_NAME, provider: PLAIN_ENGINE, path: systemSocketPath });
  }
  return found;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
