// Every colima profile's socket under colima's config folder, named as colima names its contexts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, type KnownSocket } from '../../vocab/known-socket';

/** colima names its contexts `colima` for the default profile and `colima-<profile>` otherwise. */
export const colimaContextOf = (profile: string): string =>
  profile === 'default' ? 'colima' : `colima-${profile}`;

export async function colimaSockets(root: string): Promise<KnownSocket[]> {
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
      name: colimaContextOf(profile),
      provider: 'colima',
      path: path.join(root, profile, 'docker.sock'),
    });
  }
  return sockets;
}
