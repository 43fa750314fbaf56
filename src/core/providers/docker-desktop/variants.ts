// Docker Desktop's file-sharing variants: the switches each one sets, where each exists (chip,
// macOS, product version) and the filesystem a bind mount shows under it. Every fact, with its
// source and the date it was checked, is in docs/product-facts.md (Docker Desktop); bounds marked
// "unconfirmed" there are the best public information and are easy to move here.
import type { HostFacts } from '../../vocab/host-facts';
import { versionAtLeast } from '../../vocab/version-compare';
import type { VariantSpec } from '../provider';
import type { Generation, Switch } from './generations';
import { VARIANT_SWITCHES } from './switch-keys';

interface VariantDef {
  id: string;
  label: string;
  chip?: 'arm64' | 'x64';
  minMacos?: string;
  minVersion?: string;
  /** Last version that still has it. */
  maxVersion?: string;
  needsLibkrunKey?: boolean;
  /** Least VM memory it needs, in MiB. */
  minMemoryMiB?: number;
  /** It runs on QEMU, which Docker Desktop deprecated in 4.44. */
  qemu?: boolean;
  switches: Partial<Record<Switch, boolean>>;
  /**
   * Switches written even when the file leaves them to their default: gRPC FUSE defaults to on
   * (behind VirtioFS) in Docker's settings reference, but no real sparse gRPC FUSE file has been
   * found, so a gRPC FUSE variant says `UseGrpcfuse: true` whatever the default turns out to be.
   */
  explicit?: Switch[];
  expectedFsTypes: string[];
  bindFlags: string[];
  notes: string[];
}

// osxfs and :cached/:delegated: the flags only ever meant something on osxfs.
const OSXFS_FLAGS = ['consistent', 'cached', 'delegated'];

export const DEFS: readonly VariantDef[] = [
  {
    id: 'vz-virtiofs',
    label: 'VZ + VirtioFS',
    minMacos: '12.5',
    minVersion: '4.6',
    // gRPC FUSE is left as it is: VirtioFS wins while both are on (Docker's settings reference),
    // and the GUI's own full files keep UseGrpcfuse: true beside VirtioFS.
    switches: VARIANT_SWITCHES['vz-virtiofs'],
    // Docker Desktop layers its "fakeowner" filesystem over VirtioFS for bind mounts.
    expectedFsTypes: ['fakeowner', 'virtiofs'],
    bindFlags: [],
    notes: [],
  },
  {
    id: 'vz-grpcfuse',
    label: 'VZ + gRPC FUSE',
    minMacos: '12.5',
    minVersion: '4.3',
    switches: VARIANT_SWITCHES['vz-grpcfuse'],
    explicit: ['grpcfuse'],
    expectedFsTypes: ['fuse.grpcfuse', 'grpcfuse'],
    bindFlags: [],
    notes: [],
  },
  {
    id: 'qemu-grpcfuse',
    label: 'QEMU + gRPC FUSE',
    chip: 'arm64',
    maxVersion: '4.43', // QEMU left Docker Desktop in 4.44
    qemu: true,
    switches: VARIANT_SWITCHES['qemu-grpcfuse'],
    explicit: ['grpcfuse'],
    expectedFsTypes: ['fuse.grpcfuse', 'grpcfuse'],
    bindFlags: [],
    notes: ['QEMU is legacy in Docker Desktop'],
  },
  {
    id: 'hyperkit-grpcfuse',
    label: 'HyperKit + gRPC FUSE',
    chip: 'x64',
    switches: VARIANT_SWITCHES['hyperkit-grpcfuse'],
    explicit: ['grpcfuse'],
    expectedFsTypes: ['fuse.grpcfuse', 'grpcfuse'],
    bindFlags: [],
    notes: ['HyperKit is legacy in Docker Desktop'],
  },
  {
    id: 'qemu-osxfs',
    label: 'QEMU + osxfs (legacy)',
    chip: 'arm64',
    maxVersion: '4.43', // bounded by QEMU here, which left Docker Desktop in 4.44
    qemu: true,
    switches: VARIANT_SWITCHES['qemu-osxfs'],
    expectedFsTypes: ['fuse.osxfs', 'osxfs'],
    bindFlags: OSXFS_FLAGS,
    notes: ['osxfs is legacy and slated for removal'],
  },
  {
    id: 'hyperkit-osxfs',
    label: 'HyperKit + osxfs (legacy)',
    chip: 'x64',
    // No upper bound: Docker announced osxfs's removal "in a future version" (4.37 release notes)
    // and calls HyperKit deprecated, but no source names the release that dropped either.
    switches: VARIANT_SWITCHES['hyperkit-osxfs'],
    expectedFsTypes: ['fuse.osxfs', 'osxfs'],
    bindFlags: OSXFS_FLAGS,
    notes: ['osxfs is legacy and slated for removal'],
  },
  {
    id: 'docker-vmm',
    label: 'Docker VMM (beta) + VirtioFS',
    chip: 'arm64',
    minMacos: '12.5',
    minVersion: '4.35',
    needsLibkrunKey: true,
    // "Docker VMM requires a minimum of 4GB of memory to be allocated to the Docker Linux VM" (docs vmm.md).
    minMemoryMiB: 4096,
    // What Docker Desktop itself writes when Docker VMM is picked (a real settings-store.json):
    // the Virtualization framework and Rosetta go off. VirtioFS is Docker VMM's only file sharing.
    switches: VARIANT_SWITCHES['docker-vmm'],
    expectedFsTypes: ['fakeowner', 'virtiofs'],
    bindFlags: [],
    notes: [
      'Docker VMM is beta',
      'UseLibkrun is read from real settings files, not documented',
      'Docker VMM cannot be told from the Apple Virtualization framework by what the engine reports: a result says the VM is unverified',
    ],
  },
];

export function defById(id: string): VariantDef | undefined {
  return DEFS.find((d) => d.id === id);
}

const CHIP_NAME = { arm64: 'an Apple silicon Mac', x64: 'an Intel Mac' } as const;

/** What the settings file says that bears on which variants can start. */
export interface FileFacts {
  /** The file's settings version; null when unknown. */
  settingsVersion: number | null;
  memoryMiB: number | null;
}

/** Settings files of this version and later are written by releases after QEMU left (4.44). */
export const FIRST_VERSION_AFTER_QEMU = 43;

function unavailableReason(
  def: VariantDef,
  host: HostFacts,
  version: string | null,
  generation: Generation | null,
  file: FileFacts,
): string | undefined {
  if (host.platform !== 'darwin') return 'Docker Desktop file sharing variants exist only on macOS';
  if (def.chip && host.arch !== def.chip)
    return `needs ${CHIP_NAME[def.chip]}; this one is ${host.arch === 'arm64' ? 'Apple silicon' : 'Intel'}`;
  if (def.minMacos && host.macosVersion && !versionAtLeast(host.macosVersion, def.minMacos)) {
    return `needs macOS ${def.minMacos} or later (this Mac runs ${host.macosVersion})`;
  }
  if (version && def.minVersion && !versionAtLeast(version, def.minVersion)) {
    return `needs Docker Desktop ${def.minVersion} or later (installed: ${version})`;
  }
  if (version && def.maxVersion && versionAtLeast(version, nextMinor(def.maxVersion))) {
    return `removed after Docker Desktop ${def.maxVersion} (installed: ${version})`;
  }
  if (def.needsLibkrunKey && generation && !generation.keys.libkrun) {
    return `needs Docker Desktop 4.35 or later (this one keeps ${generation.name})`;
  }
  if (
    def.qemu &&
    !version &&
    file.settingsVersion !== null &&
    file.settingsVersion >= FIRST_VERSION_AFTER_QEMU
  ) {
    return (
      `likely gone: QEMU left Docker Desktop in 4.44, and this settings file (version ${file.settingsVersion}) ` +
      'was written by a later release (the installed version could not be read)'
    );
  }
  if (def.minMemoryMiB && file.memoryMiB !== null && file.memoryMiB < def.minMemoryMiB) {
    return (
      `needs at least ${def.minMemoryMiB / 1024} GB of VM memory (this one has ${file.memoryMiB} MiB): ` +
      'raise it in Docker Desktop › Settings › Resources first'
    );
  }
  return undefined;
}

function nextMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${minor + 1}`;
}

export function listDockerDesktopVariants(
  host: HostFacts,
  version: string | null,
  generation: Generation | null,
  file: FileFacts = { settingsVersion: null, memoryMiB: null },
): VariantSpec[] {
  return DEFS.map((def) => {
    const reason = unavailableReason(def, host, version, generation, file);
    return {
      id: def.id,
      label: def.label,
      available: reason === undefined,
      ...(reason ? { reason } : {}),
      affects: ['bind'],
      expectedFsTypes: def.expectedFsTypes,
      bindFlags: def.bindFlags,
      notes: def.notes,
    };
  });
}

/**
 * The variant the switches select, as Docker Desktop would read them: Docker VMM (UseLibkrun)
 * wins over everything, VirtioFS over gRPC FUSE. `s` holds effective values (defaults applied).
 */
export function variantFromSwitches(
  s: Record<Switch, boolean | null>,
  arch: string,
): { id: string | null; label: string } {
  const hv = arch === 'x64' ? 'hyperkit' : 'qemu';
  if (s.libkrun) return { id: 'docker-vmm', label: 'Docker VMM + VirtioFS' };
  if (s.vz === null) return { id: null, label: 'unknown (no virtualization switch in the file)' };
  if (s.vz) {
    if (s.virtiofs) return { id: 'vz-virtiofs', label: 'VZ + VirtioFS' };
    if (s.grpcfuse) return { id: 'vz-grpcfuse', label: 'VZ + gRPC FUSE' };
    return { id: null, label: 'VZ + osxfs (not a combination Mountbench switches to)' };
  }
  if (s.grpcfuse || s.virtiofs)
    return { id: `${hv}-grpcfuse`, label: `${hv === 'qemu' ? 'QEMU' : 'HyperKit'} + gRPC FUSE` };
  return { id: `${hv}-osxfs`, label: `${hv === 'qemu' ? 'QEMU' : 'HyperKit'} + osxfs` };
}

/** Keys and values to write for `id`, given the file's current switches (only what must change). */
export function writesFor(
  id: string,
  generation: Generation,
  current: Record<Switch, boolean | null>,
  arch: string,
  /** What the file itself says (null where absent); defaults to `current`. */
  written: Record<Switch, boolean | null> = current,
): { key: string; from: boolean | null; to: boolean }[] {
  const def = defById(id);
  if (!def) return [];
  // Already what Docker Desktop runs (e.g. VirtioFS with gRPC FUSE also on): a write would only cost a restart.
  if (variantFromSwitches(current, arch).id === id) return [];
  const wanted: Partial<Record<Switch, boolean>> = { ...def.switches };
  // Rosetta needs the Virtualization framework; leaving it on would make the combination invalid.
  if (wanted.vz === false && current.rosetta) wanted.rosetta = false;
  const writes: { key: string; from: boolean | null; to: boolean }[] = [];
  for (const [name, value] of Object.entries(wanted) as [Switch, boolean][]) {
    const key = generation.keys[name];
    // No UseLibkrun in the old generation: there is nothing to turn off.
    if (!key) continue;
    if (current[name] === null && value === false && name === 'libkrun') continue;
    if (current[name] !== value) writes.push({ key, from: current[name], to: value });
    else if (def.explicit?.includes(name) && written[name] !== value)
      writes.push({ key, from: written[name], to: value });
  }
  return writes;
}
