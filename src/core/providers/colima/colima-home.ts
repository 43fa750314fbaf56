// colima's config folder, where its profiles and their sockets live: the provider reads the user's
// profile there and discovery attributes every socket under it to colima.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseHostOverride } from '../../machine/host-override';

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
