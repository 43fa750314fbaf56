// A Podman machine's provider and volumes are fixed at `init`, so the action creates a machine
// with them rather than touching the user's existing one.
import type { SetupAction } from '../../../shared/recommendation';
import type { ActionOptions } from '../../vocab/action-options';
import type { SetupKind } from '../../vocab/setup-kind';
import { BENCH_VOLUMES, defById } from './variants';

/** The machine name the advice suggests: not the default one, which the user may already have. */
const MACHINE = 'dev';

export function podmanAction(setup: SetupKind, _options: ActionOptions): SetupAction {
  const def = setup.variant ? defById(setup.variant) : undefined;
  const apply = def ? { provider: 'podman' as const, variant: def.id } : null;
  if (!def) {
    return {
      kind: 'manual',
      summary: `Create a Podman machine with "${setup.backend.fileSharing ?? setup.backend.label}" file sharing.`,
      steps: [{ kind: 'note', text: 'Mountbench does not know which Podman machine provider this is.' }],
      apply,
    };
  }
  const volumes = BENCH_VOLUMES.map((v) => `-v ${v}`).join(' ');
  return {
    kind: 'command',
    summary: `Create a Podman machine "${MACHINE}" with the ${def.id} provider.`,
    steps: [
      {
        kind: 'command',
        command: `CONTAINERS_MACHINE_PROVIDER=${def.id} podman machine init ${volumes} ${MACHINE}`,
        why: 'creates a machine with this provider and these shared folders (they cannot change later)',
      },
      {
        kind: 'command',
        command: `CONTAINERS_MACHINE_PROVIDER=${def.id} podman machine start ${MACHINE}`,
        why: 'Podman runs one machine at a time: stop the running one first (podman machine stop)',
      },
      {
        kind: 'note',
        text: `To make ${def.id} the provider every podman command uses, set provider = "${def.id}" in the [machine] table of ~/.config/containers/containers.conf.`,
      },
      {
        kind: 'note',
        text: `Docker tools reach it through the socket podman machine inspect ${MACHINE} names (ConnectionInfo.PodmanSocket.Path), e.g. DOCKER_HOST=unix://<that path>.`,
      },
    ],
    apply,
  };
}
