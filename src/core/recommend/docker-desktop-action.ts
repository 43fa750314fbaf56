// Docker Desktop's file-sharing choice as settings to set: the key names depend on the version
// (camelCase settings.json up to 4.34, PascalCase settings-store.json from 4.35).
import type { ActionStep, SetupAction } from '../../shared/recommendation';
import type { ActionOptions } from './action-options';
import { atLeast, parseProductVersion } from './product-version';
import type { SetupKind } from './setup-kind';

const FOLDER = '~/Library/Group Containers/group.com.docker';

type Key = 'framework' | 'virtiofs' | 'grpcfuse' | 'libkrun';
const KEYS: Record<Key, { old: string | null; store: string }> = {
  framework: { old: 'useVirtualizationFramework', store: 'UseVirtualizationFramework' },
  virtiofs: { old: 'useVirtualizationFrameworkVirtioFS', store: 'UseVirtualizationFrameworkVirtioFS' },
  grpcfuse: { old: 'useGrpcfuse', store: 'UseGrpcfuse' },
  // Docker VMM arrived with settings-store.json; the key name is read from real files, not documented.
  libkrun: { old: null, store: 'UseLibkrun' },
};

/** Settings per sharing. VirtioFS wins when it and gRPC FUSE are both true, so gRPC FUSE turns VirtioFS off. */
const VALUES: Partial<Record<SetupKind['sharing'], Partial<Record<Key, boolean>>>> = {
  virtiofs: { framework: true, virtiofs: true, libkrun: false },
  grpcfuse: { virtiofs: false, grpcfuse: true, libkrun: false },
  osxfs: { virtiofs: false, grpcfuse: false, libkrun: false },
  'docker-vmm': { libkrun: true },
};

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

export function dockerDesktopAction(setup: SetupKind, options: ActionOptions): SetupAction {
  const values = VALUES[setup.sharing];
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
  for (const [key, value] of Object.entries(values) as [Key, boolean][]) {
    const name = store ? KEYS[key].store : KEYS[key].old;
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
