// Rancher Desktop's file-sharing variants: VM type × mount type (× 9p packet size), with what the
// validator allows (virtiofs needs vz, 9p needs qemu, vz needs macOS 13.3 on Apple silicon and
// 13.0 on Intel) and the filesystem a bind mount shows inside a container under each.
import { versionAtLeast, type HostFacts } from '../host-facts';
import type { VariantSpec } from '../provider';

export type VmType = 'qemu' | 'vz';
export type MountType = 'reverse-sshfs' | '9p' | 'virtiofs';

export interface VariantDef {
  id: string;
  label: string;
  vmType: VmType;
  mountType: MountType;
  /** 9p packet size in KiB; only for mount type 9p. */
  msizeInKib?: number;
  expectedFsTypes: readonly string[];
  notes: readonly string[];
}

export const DEFS: readonly VariantDef[] = [
  {
    id: 'qemu-reverse-sshfs',
    label: 'QEMU + reverse-sshfs',
    vmType: 'qemu',
    mountType: 'reverse-sshfs',
    expectedFsTypes: ['fuse.sshfs'],
    notes: [],
  },
  {
    id: 'qemu-9p-128k',
    label: 'QEMU + 9p, msize 128 KiB',
    vmType: 'qemu',
    mountType: '9p',
    msizeInKib: 128,
    expectedFsTypes: ['9p'],
    notes: ['9p is experimental in Rancher Desktop'],
  },
  {
    id: 'qemu-9p-512k',
    label: 'QEMU + 9p, msize 512 KiB',
    vmType: 'qemu',
    mountType: '9p',
    msizeInKib: 512,
    expectedFsTypes: ['9p'],
    notes: ['9p is experimental in Rancher Desktop'],
  },
  {
    id: 'vz-reverse-sshfs',
    label: 'VZ + reverse-sshfs',
    vmType: 'vz',
    mountType: 'reverse-sshfs',
    expectedFsTypes: ['fuse.sshfs'],
    notes: [],
  },
  {
    id: 'vz-virtiofs',
    label: 'VZ + virtiofs',
    vmType: 'vz',
    mountType: 'virtiofs',
    expectedFsTypes: ['virtiofs'],
    notes: [],
  },
];

export function defById(id: string): VariantDef | undefined {
  return DEFS.find((d) => d.id === id);
}

/** Why the Virtualization framework is out of reach on this Mac, or undefined. */
export function vzUnavailable(host: HostFacts): string | undefined {
  if (host.platform !== 'darwin') return 'VZ exists only on macOS';
  const minimum = host.arch === 'arm64' ? '13.3' : '13.0';
  if (host.macosVersion && !versionAtLeast(host.macosVersion, minimum)) {
    return `VZ needs macOS ${minimum} or later on ${host.arch === 'arm64' ? 'Apple silicon' : 'Intel'} (this Mac runs ${host.macosVersion})`;
  }
  return undefined;
}

export function listRancherDesktopVariants(
  host: HostFacts,
  productProblem: string | undefined,
): VariantSpec[] {
  return DEFS.map((def) => {
    const reason =
      productProblem ??
      (host.platform !== 'darwin'
        ? 'Rancher Desktop file-sharing variants are measured on macOS only'
        : undefined) ??
      (def.vmType === 'vz' ? vzUnavailable(host) : undefined);
    return {
      id: def.id,
      label: def.label,
      available: reason === undefined,
      ...(reason ? { reason } : {}),
      affects: ['bind'],
      expectedFsTypes: def.expectedFsTypes,
      bindFlags: [],
      notes: def.notes,
    };
  });
}

export interface FileSharingValues {
  vmType: string | null;
  mountType: string | null;
  msizeInKib: number | null;
}

/** The variant the values select, or null with the values in words. */
export function variantFromValues(v: FileSharingValues): { id: string | null; label: string } {
  const def = DEFS.find(
    (d) =>
      d.vmType === v.vmType &&
      d.mountType === v.mountType &&
      (d.mountType !== '9p' || d.msizeInKib === v.msizeInKib),
  );
  if (def) return { id: def.id, label: def.label };
  const vm = v.vmType === 'vz' ? 'VZ' : v.vmType === 'qemu' ? 'QEMU' : (v.vmType ?? 'unknown VM');
  const mount =
    v.mountType === '9p' ? `9p, msize ${v.msizeInKib ?? '?'} KiB` : (v.mountType ?? 'unknown mount');
  return { id: null, label: `${vm} + ${mount}` };
}
