// Lima's file-sharing variants: VM type × mount type as Lima's drivers take them, with 9p's msize
// and cache mode part of the variant. The mount type of an instance can be edited (`limactl edit
// --mount-type`, then a restart); its VM type cannot, so a variant runs on the user's own Docker
// instance when that instance has the variant's VM type, and on a bench instance of its own,
// `mountbench-<vm type>`, otherwise. Sources for every rule: docs/product-facts.md (Lima).
import type { HostFacts } from '../../vocab/host-facts';
import { versionAtLeast } from '../../vocab/version-compare';
import type { VariantSpec } from '../provider';
import {
  benchInstanceFor,
  DEFS,
  EDIT_FLAGS_SINCE,
  KRUNKIT_SINCE,
  type NinePOptions,
  type VariantDef,
} from './variant-defs';

export {
  BENCH_PREFIX,
  benchInstanceFor,
  defById,
  DEFS,
  isBenchInstance,
  type LimaMount,
  type LimaVm,
  type NinePOptions,
  type VariantDef,
} from './variant-defs';

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
