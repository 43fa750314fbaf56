// Docker Desktop's file-sharing choice as settings to set: the key names depend on the version
// (camelCase settings.json up to 4.34, PascalCase settings-store.json from 4.35).
import type { ActionStep, SetupAction } from '../../../shared/recommendation';
import type { ActionOptions } from '../../vocab/action-options';
import { atLeast, parseProductVersion } from '../../vocab/product-version';
import type { SetupKind } from '../../vocab/setup-kind';
import {
  LEGACY_KEYS,
  STORE_KEYS,
  VARIANT_SWITCHES,
  type DockerDesktopVariantId,
  type Switch,
} from './switch-keys';

const FOLDER = '~/Library/Group Containers/group.com.docker';

/**
 * The variant whose switches a sharing means: the measured variant when the backend names one,
 * else the usual one for the sharing. gRPC FUSE runs on the Virtualization framework unless the
 * backend ran on QEMU (so a user coming from Docker VMM gets the framework back on); osxfs exists
 * only beside QEMU or HyperKit, whose switches are the same.
 */
function variantFor(setup: SetupKind): DockerDesktopVariantId | null {
  if (setup.variant && setup.variant in VARIANT_SWITCHES) return setup.variant as DockerDesktopVariantId;
  switch (setup.sharing) {
    case 'virtiofs':
      return 'vz-virtiofs';
    case 'grpcfuse':
      return setup.vmType === 'qemu' ? 'qemu-grpcfuse' : 'vz-grpcfuse';
    case 'osxfs':
      return 'qemu-osxfs';
    case 'docker-vmm':
      return 'docker-vmm';
    default:
      return null;
  }
}

const GUI: Partial<Record<SetupKind['sharing'], string>> = {
  virtiofs: 'Settings › General › "Choose file sharing implementation for your containers": VirtioFS',
  grpcfuse: 'Settings › General › "Choose file sharing implementation for your containers": gRPC FUSE',
  osxfs: 'Settings › General › "Choose file sharing implementation for your containers": osxfs (Legacy)',
  'docker-vmm': 'Settings › General › "Choose Virtual Machine Manager (VMM)": Docker VMM',
};

const NAMES: Partial<Record<SetupKind['sharing'], string>> = {
  virtiofs: 'VirtioFS',
  grpcfuse: 'gRPC FUSE',
  osxfs: 'osxfs',
  'docker-vmm': 'Docker VMM',
};

/** Rosetta needs the Virtualization framework: off with it, as the provider turns it off when it is on. */
function withRosetta(switches: Partial<Record<Switch, boolean>>): Partial<Record<Switch, boolean>> {
  return switches.vz === false && switches.rosetta === undefined ? { ...switches, rosetta: false } : switches;
}

export function dockerDesktopAction(setup: SetupKind, options: ActionOptions): SetupAction {
  const variant = variantFor(setup);
  // What the provider writes for that variant, from the same table: never a second list of keys.
  const values: Partial<Record<Switch, boolean>> | null = variant
    ? withRosetta(VARIANT_SWITCHES[variant])
    : null;
  const apply = setup.variant ? { provider: 'docker-desktop' as const, variant: setup.variant } : null;
  if (!values) {
    return {
      kind: 'manual',
      summary: `Choose "${setup.backend.fileSharing ?? setup.backend.label}" in Docker Desktop's settings.`,
      steps: [{ kind: 'note', text: 'Mountbench does not know which settings keys this file sharing uses.' }],
      apply,
    };
  }
  const version = options.dockerDesktopVersion
    ? parseProductVersion('Docker Desktop', options.dockerDesktopVersion)
    : null;
  const store = version === null || atLeast(version, [4, 35, 0]);
  const where = `${FOLDER}/${store ? 'settings-store.json' : 'settings.json'}`;
  const steps: ActionStep[] = [
    {
      kind: 'note',
      text: `In Docker Desktop: ${GUI[setup.sharing]}, then Apply & restart. Or, with Docker Desktop quit:`,
    },
  ];
  if (setup.sharing === 'docker-vmm' && !store) {
    steps.push({
      kind: 'note',
      text: 'Docker VMM needs Docker Desktop 4.35 or later: update Docker Desktop first.',
    });
  }
  for (const [key, value] of Object.entries(values) as [Switch, boolean][]) {
    const name = store ? STORE_KEYS[key] : LEGACY_KEYS[key];
    if (name) steps.push({ kind: 'setting', where, key: name, value });
  }
  if (store && 'libkrun' in values) {
    steps.push({
      kind: 'note',
      text: 'UseLibkrun is read from real settings files, not documented: check it is in yours before editing.',
    });
  }
  if (version === null) {
    steps.push({
      kind: 'note',
      text: 'Docker Desktop 4.34 and older keep these in settings.json with camelCase keys (useVirtualizationFrameworkVirtioFS, useGrpcfuse).',
    });
  }
  steps.push({
    kind: 'note',
    text: 'Edit the file only while Docker Desktop is quit (docker desktop stop): a running Docker Desktop may overwrite it. Applying restarts the VM and stops running containers.',
  });
  return {
    kind: 'setting',
    summary: `Switch Docker Desktop's file sharing to ${NAMES[setup.sharing]}.`,
    steps,
    apply,
  };
}
