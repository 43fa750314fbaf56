// What to do to get a Lima backend's file sharing by hand. The mount type of an existing instance
// can be edited while it is stopped; its VM type cannot, so another VM type is a new instance.
import type { SetupAction } from '../../../shared/recommendation';
import type { ActionOptions } from '../../vocab/action-options';
import type { SetupKind } from '../../vocab/setup-kind';
import { defById } from './variant-defs';

const MOUNT_TYPES: Partial<Record<SetupKind['sharing'], string>> = {
  '9p': '9p',
  virtiofs: 'virtiofs',
  sshfs: 'reverse-sshfs',
};

/** The instance the docker template makes by default (`limactl start template:docker`). */
const INSTANCE = 'docker';

/** 9p's options: the variant's own when Mountbench measured it, else the msize a published row names. */
function ninepSet(setup: SetupKind): string {
  if (setup.sharing !== '9p') return '';
  const ninep = setup.variant ? defById(setup.variant)?.ninep : null;
  if (ninep) return ` --set '.mounts[].9p.msize = "${ninep.msize}" | .mounts[].9p.cache = "${ninep.cache}"'`;
  return setup.msizeKib === null ? '' : ` --set '.mounts[].9p.msize = "${setup.msizeKib}KiB"'`;
}

export function limaAction(setup: SetupKind, _options: ActionOptions): SetupAction {
  const apply = setup.variant ? { provider: 'lima' as const, variant: setup.variant } : null;
  const mountType = MOUNT_TYPES[setup.sharing];
  if (!mountType) {
    return {
      kind: 'manual',
      summary: `Run a Lima instance with "${setup.backend.fileSharing ?? setup.backend.label}" file sharing.`,
      steps: [{ kind: 'note', text: 'Mountbench does not know which Lima mount type this is.' }],
      apply,
    };
  }
  const vmType = (setup.variant ? defById(setup.variant)?.vmType : null) ?? setup.vmType;
  const fresh = vmType ? `dev-${vmType}` : 'dev';
  return {
    kind: 'command',
    summary: `Give your Lima Docker instance mount type ${mountType}${vmType ? ` (VM type ${vmType})` : ''}.`,
    steps: [
      {
        kind: 'command',
        command: `limactl stop ${INSTANCE} && limactl edit --mount-type=${mountType}${ninepSet(setup)} ${INSTANCE} && limactl start ${INSTANCE}`,
        why: `Lima edits only a stopped instance; the mount type applies at the next start (${INSTANCE} is the docker template's instance: use yours)`,
      },
      {
        kind: 'note',
        text: `The VM type of an existing instance cannot change. For another one: limactl create --name=${fresh}${vmType ? ` --vm-type=${vmType}` : ''} --mount-type=${mountType} --mount-writable template:docker, then limactl start ${fresh}.`,
      },
      {
        kind: 'command',
        command: `docker context create lima-${INSTANCE} --docker "host=unix://$HOME/.lima/${INSTANCE}/sock/docker.sock" && docker context use lima-${INSTANCE}`,
        why: 'points docker at the instance (the docker template forwards its socket to sock/docker.sock)',
      },
    ],
    apply,
  };
}
