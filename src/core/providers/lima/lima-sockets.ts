// Every Lima instance's Docker socket where the docker template forwards it
// (`<instance folder>/sock/docker.sock`), named as the template's message names the context.
import path from 'node:path';
import type { KnownSocket } from '../../vocab/known-socket';
import { instanceFolders, limaHome } from './lima-home';

/** `docker context create lima-<instance>`, as lima-vm/lima templates/docker.yaml suggests. */
export const limaContextOf = (instance: string): string => `lima-${instance}`;

export async function limaSockets(env: NodeJS.ProcessEnv, home: string): Promise<KnownSocket[]> {
  const root = limaHome(env, home);
  return instanceFolders(env, home).map((instance) => ({
    name: limaContextOf(instance),
    provider: 'lima' as const,
    path: path.join(root, instance, 'sock', 'docker.sock'),
  }));
}
