// Lima's file-sharing variants: VM type × mount type as Lima's drivers take them, with 9p's msize
// and cache mode part of the variant. The mount type of an instance can be edited (`limactl edit
// --mount-type`, then a restart); its VM type cannot, so a variant runs on the user's own Docker
// instance when that instance has the variant's VM type, and on a bench instance of its own,
// `mountbench-<vm type>`, otherwise. Sources for every rule: docs/product-facts.md (Lima).
import { versionAtLeast, type HostFacts } from '../host-facts';
import type { VariantSpec } from '../provider';

export type LimaVm = 'qemu' | 'vz' | 'krunkit';
export type LimaMount = 'reverse-sshfs' | '9p' | 'virtiofs';

/** 9p's per-mount options Mountbench varies (`mounts[].9p.msize`, `mounts[].9p.cache`). */
export interface NinePOptions {
  msize: string;
  cache: string;
}

export interface VariantDef {
  id: string;
  label: string;
  vmType: LimaVm;
  mountType: LimaMount;
  ninep: NinePOptions | null;
  expectedFsTypes: readonly string[];
  notes: readonly string[];
}

/** Every instance Mountbench creates starts with this; no other instance is ever created or deleted. */
export const BENCH_PREFIX = 'mountbench-';

/** `limactl edit --mount-type` (and `--set`) came with 0.17.0. */
export const EDIT_FLAGS_SINCE = '0.17.0';
/** The krunkit driver came with 2.0.0. */
export const KRUNKIT_SINCE = '2.0.0';

const FS_TYPE: Record<LimaMount, string> = {
  'reverse-sshfs': 'fuse.sshfs',
  '9p': '9p',
  virtiofs: 'virtiofs',
};
const VM_LABEL: Record<LimaVm, string> = { qemu: 'QEMU', vz: 'VZ', krunkit: 'krunkit' };

/** "128KiB" → "128k", for ids. */
function sizeWord(msize: string): string {
  return msize.replace(/iB$/i, '').toLowerCase();
}

function def(vmType: LimaVm, mountType: LimaMount, ninep: NinePOptions | null = null, notes: string[] = []) {
  const tail = ninep ? `-${sizeWord(ninep.msize)}-${ninep.cache}` : '';
  return {
    id: `${vmType}-${mountType}${tail}`,
    label: `${VM_LABEL[vmType]} + ${mountType}${ninep ? `, msize ${ninep.msize}, cache ${ninep.cache}` : ''}`,
    vmType,
    mountType,
    ninep,
    expectedFsTypes: [FS_TYPE[mountType]],
    notes,
  };
}

// QEMU on macOS takes reverse-sshfs or 9p, vz reverse-sshfs or virtiofs, krunkit virtiofs or
// reverse-sshfs. 9p's defaults for a writable mount are msize 128KiB, cache mmap.
export const DEFS: readonly VariantDef[] = [
  def('qemu', 'reverse-sshfs'),
  def('qemu', '9p', { msize: '128KiB', cache: 'mmap' }, ['Lima’s 9p defaults for a writable mount']),
  def('qemu', '9p', { msize: '512KiB', cache: 'mmap' }),
  def('qemu', '9p', { msize: '128KiB', cache: 'loose' }, [
    'cache=loose: the guest trusts its own cache, so host-side changes may show late',
  ]),
  def('vz', 'reverse-sshfs'),
  def('vz', 'virtiofs'),
  def('krunkit', 'reverse-sshfs'),
  def('krunkit', 'virtiofs'),
];

export function defById(id: string): VariantDef | undefined {
  return DEFS.find((d) => d.id === id);
}

/** The bench instance of a VM type: one per VM type, its mount type edited per variant. */
export function benchInstanceFor(vmType: string): string {
  return `${BENCH_PREFIX}${vmType}`;
}

export function isBenchInstance(name: string): boolean {
  return name.startsWith(BENCH_PREFIX);
}

/** What Mountbench knows of the instance a variant may run on. */
export interface InstanceFacts {
  name: string;
  vmType: string;
}

/** The tools Lima runs a VM with and does not bring. */
export interface LimaTools {
  qemu: boolean;
  krunkit: boolean;
}

function unavailableReason(
  d: VariantDef,
  host: HostFacts,
  version: string | null,
  tools: LimaTools,
): string | undefined {
  if (host.platform !== 'darwin') return 'Mountbench drives Lima on macOS only';
  if (version && !versionAtLeast(version, EDIT_FLAGS_SINCE))
    return `needs Lima ${EDIT_FLAGS_SINCE} or later for \`limactl edit --mount-type\` (installed: ${version})`;
  if (d.vmType === 'qemu' && !tools.qemu)
    return 'QEMU is not installed (Lima does not bring it: `brew install qemu`)';
  if (d.vmType === 'vz' && host.macosVersion !== null && !versionAtLeast(host.macosVersion, '13.0'))
    return `Lima's vz needs macOS 13 or later (this Mac runs ${host.macosVersion})`;
  if (d.vmType === 'krunkit') {
    if (host.arch !== 'arm64') return 'Lima’s krunkit driver exists on Apple silicon only';
    if (version && !versionAtLeast(version, KRUNKIT_SINCE))
      return `needs Lima ${KRUNKIT_SINCE} or later for krunkit (installed: ${version})`;
    if (!tools.krunkit) return 'krunkit is not installed (`brew tap slp/krunkit && brew install krunkit`)';
  }
  return undefined;
}

/** Where a variant runs: the user's Docker instance when its VM type matches, else a bench instance. */
export function instanceForVariant(d: VariantDef, own: InstanceFacts | null): string {
  return own && own.vmType === d.vmType ? own.name : benchInstanceFor(d.vmType);
}

export function listLimaVariants(
  host: HostFacts,
  version: string | null,
  tools: LimaTools,
  own: InstanceFacts | null,
): VariantSpec[] {
  return DEFS.map((d) => {
    const reason = unavailableReason(d, host, version, tools);
    const target = instanceForVariant(d, own);
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
        own && target === own.name
          ? `edits the mount type of your instance ${own.name} and restarts it; put back afterwards`
          : `runs in its own Lima instance ${target}, created and deleted by Mountbench; your instances are not touched`,
      ],
    };
  });
}

/** The variant an instance runs, from its resolved config (`limactl list --json` `config`). */
export function variantFromValues(
  vmType: string | null,
  mountType: string | null,
  ninep: Partial<NinePOptions> | null,
): { id: string | null; label: string } {
  const found = DEFS.find(
    (d) =>
      d.vmType === vmType &&
      d.mountType === mountType &&
      (d.ninep === null ||
        (ninep !== null && ninep.msize === d.ninep.msize && ninep.cache === d.ninep.cache)),
  );
  if (found) return { id: found.id, label: found.label };
  const tail =
    mountType === '9p' && ninep
      ? `, msize ${ninep.msize ?? 'unknown'}, cache ${ninep.cache ?? 'unknown'}`
      : '';
  return { id: null, label: `${vmType ?? 'unknown VM'} + ${mountType ?? 'unknown mount'}${tail}` };
}
