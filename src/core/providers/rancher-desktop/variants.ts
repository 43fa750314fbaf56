// Rancher Desktop's file-sharing variants: VM type × mount type (× 9p packet size), with what the
// validator allows (virtiofs needs vz, 9p needs qemu, vz needs macOS 13.3 on Apple silicon and
// 13.0 on Intel) and the filesystem a bind mount shows inside a container under each.
import type { HostFacts } from '../../vocab/host-facts';
import { versionAtLeast } from '../../vocab/version-compare';
import type { VariantSpec } from '../provider';

export type VmType = 'qemu' | 'vz';
export type MountType = 'reverse-sshfs' | '9p' | 'virtiofs';

/** `experimental.virtualMachine.mount.9p`: four options, all read and all written. */
export interface NinepOptions {
  securityModel: string;
  protocolVersion: string;
  msizeInKib: number;
  cacheMode: string;
}

/**
 * What Rancher Desktop runs with when a 9p option is absent: its own defaults
 * (`pkg/rancher-desktop/config/settings.ts`, docs/product-facts.md).
 */
export const NINEP_DEFAULTS: Readonly<NinepOptions> = {
  securityModel: 'none',
  protocolVersion: '9p2000.L',
  msizeInKib: 128,
  cacheMode: 'mmap',
};

export interface VariantDef {
  id: string;
  label: string;
  vmType: VmType;
  mountType: MountType;
  /** Every 9p option this variant runs with; only for mount type 9p. */
  ninep?: NinepOptions;
  expectedFsTypes: readonly string[];
  notes: readonly string[];
}

const NINEP_NOTES = ['9p is experimental in Rancher Desktop'];

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
    ninep: { ...NINEP_DEFAULTS },
    expectedFsTypes: ['9p'],
    notes: NINEP_NOTES,
  },
  {
    id: 'qemu-9p-512k',
    label: 'QEMU + 9p, msize 512 KiB',
    vmType: 'qemu',
    mountType: '9p',
    ninep: { ...NINEP_DEFAULTS, msizeInKib: 512 },
    expectedFsTypes: ['9p'],
    notes: NINEP_NOTES,
  },
  {
    // The cache mode is the 9p axis users measure (lima-vm/lima#786: mmap against fscache).
    id: 'qemu-9p-128k-fscache',
    label: 'QEMU + 9p, msize 128 KiB, cache fscache',
    vmType: 'qemu',
    mountType: '9p',
    ninep: { ...NINEP_DEFAULTS, cacheMode: 'fscache' },
    expectedFsTypes: ['9p'],
    notes: NINEP_NOTES,
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
  /** The 9p options as written; null where absent (Rancher Desktop then runs NINEP_DEFAULTS). */
  msizeInKib: number | null;
  securityModel?: string | null;
  protocolVersion?: string | null;
  cacheMode?: string | null;
}

/** The 9p options Rancher Desktop runs with: the written ones, else its defaults. */
export function effectiveNinep(v: FileSharingValues): NinepOptions {
  return {
    securityModel: v.securityModel ?? NINEP_DEFAULTS.securityModel,
    protocolVersion: v.protocolVersion ?? NINEP_DEFAULTS.protocolVersion,
    msizeInKib: v.msizeInKib ?? NINEP_DEFAULTS.msizeInKib,
    cacheMode: v.cacheMode ?? NINEP_DEFAULTS.cacheMode,
  };
}

const sameNinep = (a: NinepOptions, b: NinepOptions) =>
  a.securityModel === b.securityModel &&
  a.protocolVersion === b.protocolVersion &&
  a.msizeInKib === b.msizeInKib &&
  a.cacheMode === b.cacheMode;

/** "9p, msize 256 KiB, cache loose": the msize always, the other options where not the default. */
function ninepWords(o: NinepOptions): string {
  const parts = [`9p, msize ${o.msizeInKib} KiB`];
  if (o.cacheMode !== NINEP_DEFAULTS.cacheMode) parts.push(`cache ${o.cacheMode}`);
  if (o.securityModel !== NINEP_DEFAULTS.securityModel) parts.push(`security ${o.securityModel}`);
  if (o.protocolVersion !== NINEP_DEFAULTS.protocolVersion) parts.push(o.protocolVersion);
  return parts.join(', ');
}

/**
 * The variant the values select, or null with the values in words. A 9p setting is a variant only
 * when all four of its options are the variant's: a tuned 9p (cache none, mapped-xattr) is shown as
 * what it is, never under a variant's label.
 */
export function variantFromValues(v: FileSharingValues): { id: string | null; label: string } {
  const ninep = effectiveNinep(v);
  const def = DEFS.find(
    (d) =>
      d.vmType === v.vmType &&
      d.mountType === v.mountType &&
      (d.mountType !== '9p' || (d.ninep !== undefined && sameNinep(d.ninep, ninep))),
  );
  if (def) return { id: def.id, label: def.label };
  const vm = v.vmType === 'vz' ? 'VZ' : v.vmType === 'qemu' ? 'QEMU' : (v.vmType ?? 'unknown VM');
  const mount = v.mountType === '9p' ? ninepWords(ninep) : (v.mountType ?? 'unknown mount');
  return { id: null, label: `${vm} + ${mount}` };
}
