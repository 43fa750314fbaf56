// colima's file-sharing variants: VM type × mount type as colima allows them. colima silently turns
// virtiofs without vz or krunkit into sshfs and 9p with vz into virtiofs, so those pairs are no
// variants of their own; verify() still checks what the profile really got. krunkit with virtiofs
// cannot start on any release so far: colima writes 9p into Lima's config for every VM type but vz,
// and Lima's krunkit driver takes only virtiofs or reverse-sshfs. Sources for every rule
// (cmd/start.go, util/qemu.go, config/config.go of abiosoft/colima): docs/product-facts.md (colima).
import type { HostFacts } from '../../vocab/host-facts';
import { versionAtLeast } from '../../vocab/version-compare';
import type { VariantSpec } from '../provider';

export type ColimaVm = 'qemu' | 'vz' | 'krunkit';
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
const VM_LABEL: Record<ColimaVm, string> = { qemu: 'QEMU', vz: 'VZ', krunkit: 'krunkit' };

function def(vmType: ColimaVm, mountType: ColimaMount, notes: string[] = []): VariantDef {
  return {
    id: `${vmType}-${mountType}`,
    label: `${VM_LABEL[vmType]} + ${mountType}`,
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
  def('krunkit', 'sshfs', ['krunkit (libkrun) is colima’s newest VM type']),
  def('krunkit', 'virtiofs', ['krunkit (libkrun) is colima’s newest VM type']),
];

/**
 * The last colima release whose Lima config gives krunkit 9p for virtiofs (environment/vm/lima/
 * yaml.go maps every mount but sshfs to virtiofs only for vz; main after it still does), which
 * Lima's krunkit driver refuses from Lima 2.0.0 on (abiosoft/colima#1607, #1621; fixes #1610, #1641
 * unmerged). A later release is offered, and verified by the fs type as every variant is.
 */
export const KRUNKIT_VIRTIOFS_BROKEN_THROUGH = '0.10.3';

export function defById(id: string): VariantDef | undefined {
  return DEFS.find((d) => d.id === id);
}

/** colima 0.5.0 brought vz and virtiofs. */
export const VZ_SINCE = '0.5.0';
/** `colima status --json`, which readiness and verification read, exists from 0.8.1. */
export const STATUS_JSON_SINCE = '0.8.1';
/** krunkit as a VM type (cmd/start.go, 0.10.0 on). */
export const KRUNKIT_SINCE = '0.10.0';
/**
 * `colima start --template` (use `_templates/default.yaml` for a new profile) exists from 0.8.4,
 * off by default there and on from 0.9.0; before 0.8.4 the template is always used.
 */
export const TEMPLATE_FLAG_SINCE = '0.8.4';
/** Since 0.9.0 `delete` keeps the container data disk unless `--data` is given. */
export const DELETE_DATA_SINCE = '0.9.0';

/** The tools colima needs for a VM type and does not bring (QEMU is optional since 0.8.0). */
export interface ColimaTools {
  qemu: boolean;
  krunkit: boolean;
}

/** `--vm-type` exists only on macOS 13 and later: elsewhere colima has QEMU alone and no flag. */
export function hasVmTypeFlag(host: HostFacts): boolean {
  return (
    host.platform === 'darwin' && host.macosVersion !== null && versionAtLeast(host.macosVersion, '13.0')
  );
}

function unavailableReason(
  d: VariantDef,
  host: HostFacts,
  version: string | null,
  tools: ColimaTools,
): string | undefined {
  if (host.platform !== 'darwin' && host.platform !== 'linux') return 'colima runs on macOS and Linux only';
  if (version && !versionAtLeast(version, STATUS_JSON_SINCE))
    return `needs colima ${STATUS_JSON_SINCE} or later for \`colima status --json\` (installed: ${version})`;
  if (d.vmType === 'qemu' && !tools.qemu)
    return 'QEMU is not installed (colima 0.8+ no longer brings it: `brew install qemu`)';
  if (d.vmType === 'vz' || d.vmType === 'krunkit') {
    const what = d.vmType === 'vz' ? 'VZ (the macOS Virtualization framework)' : 'krunkit';
    if (host.platform !== 'darwin') return `${what} exists only on macOS`;
    if (!hasVmTypeFlag(host))
      return `colima's ${d.vmType} needs macOS 13 or later (this Mac runs ${host.macosVersion ?? 'an unknown version'})`;
    const since = d.vmType === 'vz' ? VZ_SINCE : KRUNKIT_SINCE;
    if (version && !versionAtLeast(version, since))
      return `needs colima ${since} or later (installed: ${version})`;
  }
  if (d.vmType === 'krunkit') {
    if (host.arch !== 'arm64') return 'colima offers krunkit only on Apple silicon';
    if (!tools.krunkit) return 'krunkit is not installed (`brew tap slp/krunkit && brew install krunkit`)';
    if (
      d.mountType === 'virtiofs' &&
      (!version || !versionAtLeast(version, nextPatch(KRUNKIT_VIRTIOFS_BROKEN_THROUGH)))
    )
      return (
        `cannot start on colima ${version ?? '(version unknown)'}: it gives Lima's krunkit driver 9p, ` +
        'which it refuses (abiosoft/colima#1607); krunkit + sshfs works'
      );
  }
  return undefined;
}

/**
 * The VM type colima gives a profile whose file names none (`environment/vm.go` `DefaultVMType`):
 * vz on macOS 13 and later from 0.8.1 on (in 0.8.0 only where qemu-img is missing), else qemu.
 */
export function defaultVmType(host: HostFacts, version: string | null, tools: ColimaTools): ColimaVm {
  if (!hasVmTypeFlag(host)) return 'qemu';
  if (!version || versionAtLeast(version, '0.8.1')) return 'vz';
  return versionAtLeast(version, '0.8.0') && !tools.qemu ? 'vz' : 'qemu';
}

function nextPatch(version: string): string {
  const [major, minor, patch] = version.split('.').map(Number);
  return `${major}.${minor}.${patch + 1}`;
}

export function listColimaVariants(
  host: HostFacts,
  version: string | null,
  tools: ColimaTools,
  productProblem?: string,
): VariantSpec[] {
  return DEFS.map((d) => {
    const reason = productProblem ?? unavailableReason(d, host, version, tools);
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

/** "macOS Virtualization.Framework" → vz, "Krunkit" → krunkit, "QEMU" → qemu (status --json `driver`). */
export function vmTypeFromDriver(driver: string): string {
  if (/virtualization/i.test(driver) || /^vz$/i.test(driver)) return 'vz';
  if (/krunkit/i.test(driver)) return 'krunkit';
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
