// colima fixes the VM type and mount type when a VM is created, so the action creates a profile
// with them rather than touching the user's existing one.
import { MountbenchError } from '../../../shared/errors';
import type { SetupAction } from '../../../shared/recommendation';
import type { ActionOptions } from '../../vocab/action-options';
import type { SetupKind } from '../../vocab/setup-kind';

const MOUNT_TYPES: Partial<Record<SetupKind['sharing'], string>> = {
  '9p': '9p',
  virtiofs: 'virtiofs',
  sshfs: 'sshfs',
};

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

export function colimaStartCommand(setup: SetupKind, profile: string): string | null {
  const mountType = MOUNT_TYPES[setup.sharing];
  if (!mountType) return null;
  if (!PROFILE_NAME.test(profile)) {
    throw new MountbenchError(
      'BAD_INPUT',
      `"${profile}" is not a colima profile name (letters, digits, . _ -)`,
    );
  }
  // colima silently turns virtiofs without vz into sshfs and 9p with vz into virtiofs: name the VM type.
  const vmType =
    setup.sharing === 'virtiofs'
      ? setup.vmType === 'krunkit'
        ? 'krunkit'
        : 'vz'
      : setup.sharing === '9p'
        ? 'qemu'
        : setup.vmType;
  return ['colima start', `-p ${profile}`, vmType ? `--vm-type ${vmType}` : null, `--mount-type ${mountType}`]
    .filter(Boolean)
    .join(' ');
}

export function colimaAction(setup: SetupKind, options: ActionOptions): SetupAction {
  const apply = setup.variant ? { provider: 'colima' as const, variant: setup.variant } : null;
  const profile = options.colimaProfile ?? `dev-${MOUNT_TYPES[setup.sharing] ?? 'vm'}`;
  const command = colimaStartCommand(setup, profile);
  if (!command) {
    return {
      kind: 'manual',
      summary: `Start a colima VM with "${setup.backend.fileSharing ?? setup.backend.label}" file sharing.`,
      steps: [{ kind: 'note', text: 'Mountbench does not know which colima mount type this is.' }],
      apply,
    };
  }
  const context = profile === 'default' ? 'colima' : `colima-${profile}`;
  return {
    kind: 'command',
    summary: `Start colima profile ${profile} with ${command.replace(/^colima start -p \S+ /, '')}.`,
    steps: [
      {
        kind: 'command',
        command,
        why: 'creates a VM with this VM type and mount type (they cannot change later)',
      },
      {
        kind: 'command',
        command: `colima status -p ${profile} --json`,
        why: 'check mount_type: colima may silently pick another',
      },
      { kind: 'command', command: `docker context use ${context}`, why: 'points docker at the new VM' },
      {
        kind: 'note',
        text: `To reuse an existing profile instead, colima delete -p <profile> first: that deletes its containers, images and volumes.`,
      },
    ],
    apply,
  };
}
