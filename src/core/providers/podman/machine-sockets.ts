// Every Podman machine's API socket, from the machine files alone (no podman call): listed while
// the machine exists, so a stopped one shows up as "no socket at …".
import type { KnownSocket } from '../../vocab/known-socket';
import { listMachineFiles } from './machine-files';
import { apiSocketPath, engineNameOf } from './machine-paths';

export async function podmanSockets(env: NodeJS.ProcessEnv, home: string): Promise<KnownSocket[]> {
  const seen = new Set<string>();
  const sockets: KnownSocket[] = [];
  for (const machine of await listMachineFiles(env, home)) {
    // The socket is named after the machine alone: two providers' machines of one name share it.
    if (seen.has(machine.name)) continue;
    seen.add(machine.name);
    sockets.push({
      name: engineNameOf(machine.name),
      provider: 'podman',
      path: apiSocketPath(env, machine.name),
    });
  }
  return sockets;
}
