// Lima's folder, where its instances and their sockets live: the provider reads the instances'
// lima.yaml there and discovery attributes every socket under it to Lima.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `$LIMA_HOME` when set, else `~/.lima` (lima-vm/lima pkg/limatype/dirnames `LimaDir`; Lima also
 * resolves symlinks in it, which changes no path Mountbench reads).
 */
export function limaHome(env: NodeJS.ProcessEnv, home: string): string {
  return env.LIMA_HOME ? path.resolve(env.LIMA_HOME) : path.join(home, '.lima');
}

/** An instance's lima.yaml, from Lima's folder and the instance's name (never from what limactl printed). */
export function limaYamlOf(env: NodeJS.ProcessEnv, home: string, instance: string): string {
  return path.join(limaHome(env, home), instance, 'lima.yaml');
}

/** Lima keeps its own folders (`_config`, `_disks`, `_networks`) beside the instances. */
export function instanceFolders(env: NodeJS.ProcessEnv, home: string): string[] {
  try {
    return readdirSync(limaHome(env, home), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}
