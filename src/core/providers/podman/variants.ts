// Podman's file-sharing variants on macOS: one per machine provider, both sharing the host's
// folders over virtiofs (pkg/machine/applehv/stubber.go and libkrun/stubber.go `MountType`). A
// machine's provider and volumes are fixed when it is created, so each variant is a bench machine
// of its own, `mountbench-<provider>`. Sources: docs/product-facts.md (Podman).
import type { HostFacts } from '../../vocab/host-facts';
import { versionAtLeast } from '../../vocab/version-compare';
import type { VariantSpec } from '../provider';
import type { MachineProvider } from './machine-provider';

export interface VariantDef {
  id: MachineProvider;
  label: string;
  expectedFsTypes: readonly string[];
  notes: readonly string[];
}

/** Every machine Mountbench creates starts with this; no other machine is ever created or removed. */
export const BENCH_PREFIX = 'mountbench-';

/** `podman machine init`'s default name (cmd/podman/machine/machine.go `defaultMachineName`). */
export const DEFAULT_MACHINE = 'podman-machine-default';

/**
 * The volumes Podman gives a macOS machine when containers.conf names none
 * (go.podman.io/common pkg/config/default_darwin.go `getDefaultMachineVolumes`): a bench machine
 * always gets these, named on the command line.
 */
export const BENCH_VOLUMES: readonly string[] = [
  '/Users:/Users',
  '/private:/private',
  '/var/folders:/var/folders',
];

/** The machine code and JSON format Mountbench reads (vmconfigs.MachineConfig) are Podman 5's. */
export const MACHINES_V5_SINCE = '5.0.0';
/** The libkrun provider (krunkit) came with Podman 5.1 (commit ee5153c545). */
export const LIBKRUN_SINCE = '5.1.0';

export const DEFS: readonly VariantDef[] = [
  {
    id: 'applehv',
    // "vfkit": the program Podman runs for applehv; the label names the provider as Podman does.
    label: 'applehv (vfkit) + virtiofs',
    expectedFsTypes: ['virtiofs'],
    notes: ['Podman 5’s default provider on macOS (Apple’s Virtualization framework, run by vfkit)'],
  },
  {
    id: 'libkrun',
    label: 'krunkit + virtiofs',
    expectedFsTypes: ['virtiofs'],
    notes: [
      'the libkrun provider, run by krunkit: Podman Desktop’s default on Apple silicon since July 2025, Podman’s own from 6.0',
    ],
  },
];

export function defById(id: string): VariantDef | undefined {
  return DEFS.find((d) => d.id === id);
}

export interface PodmanTools {
  /** krunkit, which the libkrun provider runs, was found. */
  krunkit: boolean;
}

function unavailableReason(
  d: VariantDef,
  host: HostFacts,
  version: string | null,
  tools: PodmanTools,
): string | undefined {
  if (host.platform !== 'darwin') return 'Podman’s applehv and libkrun machines run on macOS only';
  if (version && !versionAtLeast(version, MACHINES_V5_SINCE))
    return `needs Podman ${MACHINES_V5_SINCE} or later (installed: ${version}): Podman 4 machines ran on QEMU`;
  // pkg/machine/provider/platform_darwin.go `appleHvInstalled`: macOS 13 for EFI.
  if (host.macosVersion !== null && !versionAtLeast(host.macosVersion, '13.0'))
    return `Podman’s machines need macOS 13 or later (this Mac runs ${host.macosVersion})`;
  if (d.id === 'libkrun') {
    if (host.arch !== 'arm64') return 'libkrun runs on Apple silicon only (Podman refuses it on Intel Macs)';
    if (version && !versionAtLeast(version, LIBKRUN_SINCE))
      return `needs Podman ${LIBKRUN_SINCE} or later for libkrun (installed: ${version})`;
    if (!tools.krunkit)
      return 'krunkit is not installed (Podman’s installer brings it; or `brew tap slp/krunkit && brew install krunkit`)';
  }
  return undefined;
}

export function listPodmanVariants(
  host: HostFacts,
  version: string | null,
  tools: PodmanTools,
): VariantSpec[] {
  return DEFS.map((d) => {
    const reason = unavailableReason(d, host, version, tools);
    return {
      id: d.id,
      label: d.label,
      available: reason === undefined,
      ...(reason ? { reason } : {}),
      affects: ['bind'],
      expectedFsTypes: d.expectedFsTypes,
      bindFlags: [],
      notes: [
        ...d.notes,
        `runs in its own Podman machine ${machineFor(d.id)}; your machines are not changed`,
      ],
    };
  });
}

export function machineFor(variantId: string): string {
  return `${BENCH_PREFIX}${variantId}`;
}

/** The variant a bench machine was made for, or null for any other machine (the user's). */
export function variantOfMachine(name: string, provider: MachineProvider): MachineProvider | null {
  return name === machineFor(provider) ? provider : null;
}

export const isBenchMachine = (name: string): boolean =>
  name.startsWith(BENCH_PREFIX) && defById(name.slice(BENCH_PREFIX.length)) !== undefined;
