// Lima's file-sharing variants as data (pure: no I/O, so the advice can import it): VM type ×
// mount type as Lima's drivers take them on macOS, 9p's msize and cache mode part of the variant.
// Sources: docs/product-facts.md (Lima).
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
// reverse-sshfs. 9p's defaults are msize 128KiB, cache mmap for a writable mount and fscache for a
// read-only one (the docker template's home mount).
export const DEFS: readonly VariantDef[] = [
  def('qemu', 'reverse-sshfs'),
  def('qemu', '9p', { msize: '128KiB', cache: 'mmap' }, ['Lima’s 9p defaults for a writable mount']),
  def('qemu', '9p', { msize: '128KiB', cache: 'fscache' }, ['Lima’s 9p defaults for a read-only mount']),
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
