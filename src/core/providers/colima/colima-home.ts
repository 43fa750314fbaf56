// colima's config folder, where its profiles and their sockets live: the provider reads the user's
// profile there and discovery attributes every socket under it to colima.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseHostOverride } from '../../machine/host-override';

/**
 * colima's config folder as colima resolves it (abiosoft/colima config/files.go; the facts are in
 * docs/product-facts.md): $COLIMA_HOME only when that folder exists, then ~/.colima when it
 * exists, then $XDG_CONFIG_HOME/colima, then ~/.config/colima when it exists, then ~/.colima on
 * macOS and ~/.config/colima elsewhere.
 */
export function colimaHome(
  env: NodeJS.ProcessEnv,
  home: string,
  platform: string = parseHostOverride(env.MOUNTBENCH_HOST)?.platform ?? process.platform,
): string {
  const there = (dir: string) => existsSync(dir);
  if (env.COLIMA_HOME && there(path.resolve(home, env.COLIMA_HOME)))
    return path.resolve(home, env.COLIMA_HOME);
  const dotColima = path.join(home, '.colima');
  if (there(dotColima)) return dotColima;
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'colima');
  const xdgDefault = path.join(home, '.config', 'colima');
  if (there(xdgDefault) || platform !== 'darwin') return xdgDefault;
  return dotColima;
}
