// Rancher Desktop's VM type and mount type as an `rdctl set` command. The flags are the settings'
// JSON paths in kebab-case, and those paths moved out of `experimental` over 1.19 and 1.20 with no
// aliases, so the command is built for the user's version: its release maps to a settings version,
// whose flags settings-versions.ts derives from the same key paths the provider writes.
import { MountbenchError } from '../../../shared/errors';
import type { ActionStep, SetupAction } from '../../../shared/recommendation';
import { flagsFor, NINEP_KEYS, settingsVersionForRelease, type RdctlFlags } from './settings-versions';
import { defById, NINEP_DEFAULTS, type NinepOptions } from './variants';
import type { ActionOptions } from '../../vocab/action-options';
import { parseProductVersion, type Version } from '../../vocab/product-version';
import type { SetupKind } from '../../vocab/setup-kind';

const MOUNT_TYPES: Partial<Record<SetupKind['sharing'], string>> = {
  '9p': '9p',
  virtiofs: 'virtiofs',
  sshfs: 'reverse-sshfs',
};

/** The flags of the release's settings version: one key table (settings-versions.ts) for the
 * provider's own `rdctl start` and this advice. */
function rdctlFlags(version: Version): RdctlFlags {
  return flagsFor(settingsVersionForRelease(version.join('.')));
}

/** The `rdctl set` command for a setup, or null when the setup names no mount type Rancher Desktop has. */
export function rdctlSetCommand(setup: SetupKind, version: Version): string | null {
  const mountType = MOUNT_TYPES[setup.sharing];
  if (!mountType) return null;
  // virtiofs only runs on VZ and 9p only on QEMU; reverse-sshfs runs on both, so keep the measured one.
  const vmType = setup.sharing === 'virtiofs' ? 'vz' : setup.sharing === '9p' ? 'qemu' : setup.vmType;
  if (vmType === 'krunkit') {
    throw new MountbenchError('BAD_INPUT', 'Rancher Desktop has no krunkit VM type');
  }
  const flags = rdctlFlags(version);
  const parts = ['rdctl set'];
  if (vmType) parts.push(`${flags.vmType} ${vmType}`);
  parts.push(`${flags.mountType} ${mountType}`);
  // 9p options are refused unless the same request sets mount type 9p, which this one does. All
  // four are written, as the provider writes them: one left out keeps whatever the user tuned.
  if (setup.sharing === '9p') {
    const o = ninepOptions(setup);
    for (const key of NINEP_KEYS) parts.push(`${flags.ninep[key]} ${o[key]}`);
  }
  return parts.join(' ');
}

/**
 * The four 9p options of the setup: its variant's own when it names one of the provider's 9p
 * variants, else Rancher Desktop's defaults with the message size the result names (a published
 * row says only that).
 */
function ninepOptions(setup: SetupKind): NinepOptions {
  const def = setup.variant ? defById(setup.variant) : undefined;
  if (def?.ninep) return def.ninep;
  return { ...NINEP_DEFAULTS, ...(setup.msizeKib !== null ? { msizeInKib: setup.msizeKib } : {}) };
}

function flagPair(version: Version): string {
  const flags = rdctlFlags(version);
  return `${flags.vmType} and ${flags.mountType}`;
}

export function rancherDesktopAction(setup: SetupKind, options: ActionOptions): SetupAction {
  const apply = setup.variant ? { provider: 'rancher-desktop' as const, variant: setup.variant } : null;
  const version = options.rancherDesktopVersion
    ? parseProductVersion('Rancher Desktop', options.rancherDesktopVersion)
    : null;
  const command = rdctlSetCommand(setup, version ?? [1, 20, 0]);
  if (!command) {
    return {
      kind: 'manual',
      summary: `Choose "${setup.backend.fileSharing ?? setup.backend.label}" in Rancher Desktop's preferences (Virtual Machine).`,
      steps: [{ kind: 'note', text: 'Mountbench does not know which mount type this is.' }],
      apply,
    };
  }
  const steps: ActionStep[] = [
    {
      kind: 'command',
      command,
      why: 'sets the VM type and mount type; Rancher Desktop restarts its VM by itself to apply them',
    },
  ];
  if (version === null) {
    steps.push({
      kind: 'note',
      text:
        `Flags for Rancher Desktop 1.20 and later (check with rdctl version). 1.19: ${flagPair([1, 19, 0])}; ` +
        `1.18 and older: ${flagPair([1, 18, 0])}.`,
    });
  }
  steps.push({ kind: 'note', text: 'The VM restart stops running containers.' });
  return {
    kind: 'command',
    summary: `Switch Rancher Desktop to ${command.replace(/^rdctl set /, '')}.`,
    steps,
    apply,
  };
}
