// The backends a run request will measure, shown before the run starts. It mirrors the core's
// planBackends (core/runner/plan.ts), which the renderer cannot import: variants in the order
// asked, a mount the variant does not change measured once, the host baseline last. The core stays
// the authority: `planned` replaces this preview as soon as the run starts.
import type { MountKind, ProviderId } from '../../../shared/ids';

export interface VariantChoice {
  id: string;
  label: string;
  /** Mounts whose speed the variant changes. */
  affects: readonly MountKind[];
  /** Shown beside the checkbox: what the variant needs. */
  note?: string;
}

/** The plain Linux engine's own variants (providers/docker-engine.ts): bind mounts as they are, or through bindfs. */
export const DOCKER_ENGINE_VARIANTS: readonly VariantChoice[] = [
  { id: 'native', label: 'native', affects: ['bind'] },
  {
    id: 'fuse',
    label: 'FUSE share (bindfs)',
    affects: ['bind'],
    note: 'a slower file share for comparison; needs bindfs on Linux',
  },
];

export const MOUNT_LABELS: Record<MountKind, string> = {
  bind: 'bind mount',
  volume: 'named volume',
  tmpfs: 'tmpfs',
  layer: 'container layer',
  host: 'host',
  mutagen: 'mutagen sync',
  'docker-sync': 'docker-sync',
};

export const HOST_LABEL = 'host (no container): baseline';

export interface PlannedBackend {
  id: string;
  label: string;
  mount: MountKind;
}

/** Which variants a provider offers from the dashboard; others are measured as currently set. */
export function variantsOf(provider: ProviderId | null): readonly VariantChoice[] {
  return provider === 'docker-engine' ? DOCKER_ENGINE_VARIANTS : [];
}

export function plannedBackends(
  mounts: readonly MountKind[],
  provider: ProviderId | null,
  variantIds: readonly string[],
): PlannedBackend[] {
  const containerMounts = mounts.filter((m) => m !== 'host');
  const backends: PlannedBackend[] = [];
  if (containerMounts.length && provider) {
    const offered = variantsOf(provider);
    const chosen = offered.filter((v) => variantIds.includes(v.id));
    if (chosen.length === 0) {
      // Providers without dashboard variants: the core measures them "as it is" (current settings).
      const variant = offered[0]?.id ?? 'current';
      for (const mount of containerMounts) {
        const label = offered[0]?.affects.includes(mount)
          ? `${MOUNT_LABELS[mount]} · ${offered[0].label}`
          : offered.length
            ? MOUNT_LABELS[mount]
            : `${MOUNT_LABELS[mount]} · current settings`;
        backends.push({ id: `${provider}/${variant}/${mount}`, label, mount });
      }
    } else {
      chosen.forEach((variant, index) => {
        for (const mount of containerMounts) {
          if (index > 0 && !variant.affects.includes(mount)) continue;
          const label = variant.affects.includes(mount)
            ? `${MOUNT_LABELS[mount]} · ${variant.label}`
            : MOUNT_LABELS[mount];
          backends.push({ id: `${provider}/${variant.id}/${mount}`, label, mount });
        }
      });
    }
  }
  if (mounts.includes('host')) backends.push({ id: 'host', label: HOST_LABEL, mount: 'host' });
  return backends;
}
