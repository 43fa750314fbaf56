// Sockets the desktop products open whether or not a Docker context points at them. A socket is
// listed when its product's folder exists, so a stopped Rancher Desktop or colima profile shows up as
// "no socket at …" instead of vanishing, while a product never installed stays out of the list.
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProviderId } from '../../shared/ids';
import { parseHostOverride } from '../machine/host-override';

export interface KnownSocket {
  /** The name the product gives its own context, so a later context for it deduplicates cleanly. */
  name: string;
  path: string;
  provider: ProviderId;
}

/** Name for the system-wide socket when no context (not even `default`) points at it. */
export const SYSTEM_SOCKET_NAME = 'system';

/**
 * colima's config folder as the released colima resolves it (abiosoft/colima config/files.go at
 * v0.10.3; the facts are in docs/product-facts.md): $COLIMA_HOME only when that folder exists, taken
 * as given (a relative value is relative to the working folder, as os.Stat takes it), then ~/.colima
 * when it exists, then $XDG_CONFIG_HOME/colima when the variable is set, then ~/.colima on macOS and
 * ~/.config/colima elsewhere. Main after 0.10.3 also takes an existing ~/.config/colima; no release
 * does yet.
 */
export function colimaHome(
  env: NodeJS.ProcessEnv,
  home: string,
  platform: string = parseHostOverride(env.MOUNTBENCH_HOST)?.platform ?? process.platform,
  cwd: string = process.cwd(),
): string {
  const there = (dir: string) => existsSync(dir);
  if (env.COLIMA_HOME && there(path.resolve(cwd, env.COLIMA_HOME))) return path.resolve(cwd, env.COLIMA_HOME);
  const dotColima = path.join(home, '.colima');
  if (there(dotColima)) return dotColima;
  // os.LookupEnv: set counts, even when empty.
  if (env.XDG_CONFIG_HOME !== undefined) return path.resolve(cwd, env.XDG_CONFIG_HOME, 'colima');
  if (platform === 'darwin') return dotColima;
  return path.join(home, '.config', 'colima');
}

export async function listKnownSockets(options: {
  env: NodeJS.ProcessEnv;
  home: string;
  systemSocketPath: string;
}): Promise<KnownSocket[]> {
  const { env, home, systemSocketPath } = options;
  const fixed: Array<KnownSocket & { folder: string }> = [
    {
      name: 'desktop-linux',
      provider: 'docker-desktop',
      path: path.join(home, '.docker', 'run', 'docker.sock'),
      folder: path.join(home, '.docker', 'run'),
    },
    {
      name: 'rancher-desktop',
      provider: 'rancher-desktop',
      path: path.join(home, '.rd', 'docker.sock'),
      folder: path.join(home, '.rd'),
    },
    {
      name: 'orbstack',
      provider: 'orbstack',
      path: path.join(home, '.orbstack', 'run', 'docker.sock'),
      folder: path.join(home, '.orbstack'),
    },
  ];
  const found: KnownSocket[] = [];
  for (const socket of fixed) {
    if (await isDirectory(socket.folder))
      found.push({ name: socket.name, provider: socket.provider, path: socket.path });
  }
  found.push(...(await colimaSockets(colimaHome(env, home))));
  // The system socket has no product folder of its own; list it only when it is there.
  if (await exists(systemSocketPath)) {
    found.push({ name: SYSTEM_SOCKET_NAME, provider: 'docker-engine', path: systemSocketPath });
  }
  return found;
}

async function colimaSockets(root: string): Promise<KnownSocket[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(root);
  } catch {
    return [];
  }
  const sockets: KnownSocket[] = [];
  for (const profile of entries.sort()) {
    // colima keeps its own state beside the profiles in folders such as `_lima` and `_templates`.
    if (profile.startsWith('_') || profile.startsWith('.')) continue;
    if (!(await isDirectory(path.join(root, profile)))) continue;
    sockets.push({
      // colima names its contexts `colima` for the default profile and `colima-<profile>` otherwise.
      name: profile === 'default' ? 'colima' : `colima-${profile}`,
      provider: 'colima',
      path: path.join(root, profile, 'docker.sock'),
    });
  }
  return sockets;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
