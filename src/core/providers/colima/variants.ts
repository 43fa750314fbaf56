// colima's file-sharing variants: VM type × mount type as colima allows them. colima silently turns
// virtiofs without vz into sshfs and 9p with vz into virtiofs, so those two pairs are no variants
// of their own; verify() still checks what the profile really got.
import { versionAtLeast, type HostFacts } from '../host-facts';
import type { VariantSpec } from '../provider';

export type ColimaVm = 'qemu' | 'vz';
export type ColimaMount = 'sshfs' | '9p' | 'virtiofs';

export interface VariantDef {
  id: string;
  label: string;
  vmType: ColimaVm;
  mountType: ColimaMount;
  expectedFsTypes: readonly string[];
  notes: readonly string[];
}

/** Every profile Mountbench creates starts with this; no other profile is ever stopped or deleted. */
export const BENCH_PREFIX = 'mountbench-';

const FS_TYPE: Record<ColimaMount, string> = { sshfs: 'fuse.sshfs', '9p': '9p', virtiofs: 'virtiofs' };

function def(vmType: ColimaVm, mountType: ColimaMount, notes: string[] = []): VariantDef {
  return {
    id: `${vmType}-${mountType}`,
    label: `${vmType === 'vz' ? 'VZ' : 'QEMU'} + ${mountType}`,
    vmType,
    mountType,
    expectedFsTypes: [FS_TYPE[mountType]],
    notes,
  };
}

export const DEFS: readonly VariantDef[] = [
  def('qemu', 'sshfs'),
  def('qemu', '9p', ['9p does not resolve symlinks created on the host']),
  def('vz', 'sshfs'),
  def('vz', 'virtiofs'),
];

export function defById(id: string): VariantDef | undefined {
  return DEFS.find((d) => d.id === id);
}

/** colima 0.5.0 brought vz and virtiofs. */
export const VZ_SINCE = '0.5.0';

function unavailableReason(d: VariantDef, host: HostFacts, version: string | null): string | undefined {
  if (host.platform !== 'darwin' && host.platform !== 'linux') return 'colima runs on macOS and Linux only';
  if (d.vmType === 'vz') {
    if (host.platform !== 'darwin') return 'VZ (the macOS Virtualization framework) exists only on macOS';
    if (host.macosVersion && !versionAtLeast(host.macosVersion, '13.0'))
      return `colima's VZ needs macOS 13 or later (this Mac runs ${host.macosVersion})`;
    if (version && !versionAtLeast(version, VZ_SINCE))
      return `needs colima ${VZ_SINCE} or later (installed: ${version})`;
  }
  return undefined;
}

export function listColimaVariants(
  host: HostFacts,
  version: string | null,
  productProblem?: string,
): VariantSpec[] {
  return DEFS.map((d) => {
    const reason = productProblem ?? unavailableReason(d, host, version);
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
        `runs in its own colima profile ${BENCH_PREFIX}${d.id}; your profiles are not touched`,
      ],
    };
  });
}

export function profileFor(variantId: string): string {
  return `${BENCH_PREFIX}${variantId}`;
}

export function variantOfProfile(profile: string): string | null {
  return profile.startsWith(BENCH_PREFIX) && defById(profile.slice(BENCH_PREFIX.length))
    ? profile.slice(BENCH_PREFIX.length)
    : null;
}

/** "macOS Virtualization.Framework" → vz, "QEMU" → qemu (colima status --json `driver`). */
export function vmTypeFromDriver(driver: string): string {
  if (/virtualization/i.test(driver) || /^vz$/i.test(driver)) return 'vz';
  if (/qemu/i.test(driver)) return 'qemu';
  return driver.toLowerCase();
}

export function variantFromValues(
  vmType: string | null,
  mountType: string | null,
): { id: string | null; label: string } {
  const mount = mountType === 'reverse-sshfs' ? 'sshfs' : mountType;
  const found = DEFS.find((d) => d.vmType === vmType && d.mountType === mount);
  if (found) return { id: found.id, label: found.label };
  return { id: null, label: `${vmType ?? 'unknown VM'} + ${mountType ?? 'unknown mount'}` };
}
