// Turns a run request into the backends to measure, refusing what cannot run with a reason. Pure,
// so the core plans with it and the dashboard previews with it: one planner, no copy to drift.
import { MountbenchError } from './errors';
import { MOUNT_KINDS, type MountKind, type ProviderId } from './ids';
import { MOUNT_FACTS } from './mounts';
import type { Backend } from './result-schema';
import type { RunRequest } from './run-plan';
import type { ProviderVariantView } from './sweep';

export const HOST_BACKEND: Backend = {
  id: 'host',
  provider: null,
  variant: null,
  mount: 'host',
  label: 'host (no container): baseline',
};

/** Each mount in words ("NFS volume"), from its facts (shared/mounts/). */
export const MOUNT_LABELS: Readonly<Record<MountKind, string>> = Object.fromEntries(
  MOUNT_KINDS.map((mount) => [mount, MOUNT_FACTS[mount].label]),
) as Record<MountKind, string>;

/** A variant as the planner and the backends picker see it. */
export interface VariantChoice extends Omit<ProviderVariantView, 'available'> {
  /** Shown beside the checkbox: what the variant needs. */
  note?: string;
}

/**
 * The plain Linux engine's own variants (core/providers/docker-engine.ts adds whether each is
 * available here): bind mounts as they are, or through bindfs.
 */
export const DOCKER_ENGINE_VARIANTS: readonly VariantChoice[] = [
  { id: 'native', label: 'native', affects: ['bind'] },
  {
    id: 'fuse',
    label: 'FUSE share (bindfs)',
    affects: ['bind'],
    note: 'a slower file share for comparison; needs bindfs on Linux',
  },
];

/** Providers other than the plain engine are measured as they are set now (switching is a sweep). */
export const AS_IT_IS: readonly ProviderVariantView[] = [
  {
    id: 'current',
    label: 'current settings',
    available: true,
    affects: ['bind', 'volume', 'tmpfs', 'layer', 'mutagen', 'docker-sync', 'compose-watch'],
  },
];

/** Which variants a provider offers from the dashboard; others are measured as currently set. */
export function dashboardVariants(provider: ProviderId | null): readonly VariantChoice[] {
  return provider === 'docker-engine' ? DOCKER_ENGINE_VARIANTS : [];
}

/** The variants a run plans over when nothing says which are available: the dashboard's preview. */
export function previewVariants(provider: ProviderId | null): readonly ProviderVariantView[] {
  const offered = dashboardVariants(provider);
  return offered.length ? offered.map((v) => ({ ...v, available: true })) : AS_IT_IS;
}

export function needsEngine(mounts: readonly MountKind[]): boolean {
  return mounts.some((m) => m !== 'host');
}

/**
 * Variants come first in the order asked; a mount the variant does not change (a named volume does
 * not care how bind mounts are served) is measured only under the first variant.
 */
export function planBackends(
  request: Pick<RunRequest, 'mounts' | 'variants' | 'backends' | 'custom'> &
    Partial<Pick<RunRequest, 'workloads'>>,
  provider: ProviderId | null,
  variants: readonly ProviderVariantView[],
): Backend[] {
  const containerMounts = request.mounts.filter((m) => m !== 'host');
  const backends: Backend[] = [];
  if (containerMounts.length) {
    if (!provider) throw new MountbenchError('ENGINE_NOT_FOUND', 'container mounts need an engine');
    const wanted = request.variants?.length ? request.variants : [variants[0].id];
    const chosen = wanted.map((id) => {
      const variant = variants.find((v) => v.id === id);
      if (!variant) {
        throw new MountbenchError(
          'BAD_INPUT',
          `unknown variant "${id}" for ${provider}; valid: ${variants.map((v) => v.id).join(', ')}`,
        );
      }
      if (!variant.available) {
        throw new MountbenchError(
          'BAD_INPUT',
          `variant "${id}" of ${provider} is unavailable here: ${variant.reason ?? 'no reason given'}`,
        );
      }
      return variant;
    });
    chosen.forEach((variant, index) => {
      for (const mount of containerMounts) {
        if (index > 0 && !variant.affects.includes(mount)) continue;
        backends.push({
          id: `${provider}/${variant.id}/${mount}`,
          provider,
          variant: variant.id,
          mount,
          // A variant is named only where it changes something: "named volume" is the same volume
          // whichever way bind mounts are served.
          label: variant.affects.includes(mount)
            ? `${MOUNT_LABELS[mount]} · ${variant.label}`
            : MOUNT_LABELS[mount],
        });
      }
    });
  }
  if (request.mounts.includes('host')) backends.push(HOST_BACKEND);
  return onlyThese(withDependencyTwins(backends, dependencySplitOf(request)?.folder), request.backends);
}

/**
 * Which workload's folder gets the dependency twin, and which folder of it: the custom project's
 * chosen folder, else npm-install's `node_modules` (one of its four layouts is bind with
 * node_modules in a named volume). One split per run: with both, the custom project's is measured.
 */
export function dependencySplitOf(
  request: Pick<RunRequest, 'custom'> & Partial<Pick<RunRequest, 'workloads'>>,
): { workloadId: 'custom' | 'npm-install'; folder: string } | null {
  const folder = request.custom?.dependencyFolder;
  if (folder && (!request.workloads || request.workloads.includes('custom')))
    return { workloadId: 'custom', folder };
  if (request.workloads?.includes('npm-install'))
    return { workloadId: 'npm-install', folder: 'node_modules' };
  return null;
}

/** The planned backends a request names, in plan order; a name the plan lacks is refused. */
function onlyThese(planned: Backend[], wanted: readonly string[] | undefined): Backend[] {
  if (!wanted) return planned;
  const ids = new Set(planned.map((b) => b.id));
  const unknown = wanted.filter((id) => !ids.has(id));
  if (unknown.length)
    throw new MountbenchError(
      'BAD_INPUT',
      `backend ${unknown.join(', ')} is not in this plan; planned: ${[...ids].join(', ')}`,
    );
  return planned.filter((b) => wanted.includes(b.id));
}

/**
 * The dependency split: beside each bind backend, its twin with that project folder in a named
 * volume (what the guides recommend for `node_modules`), so the two are measured side by side.
 */
function withDependencyTwins(backends: Backend[], folder: string | undefined): Backend[] {
  if (!folder) return backends;
  return backends.flatMap((backend) =>
    backend.mount === 'bind'
      ? [
          backend,
          {
            ...backend,
            id: `${backend.id}+${folder}-volume`,
            label: `${backend.label} · ${folder} in a named volume`,
            dependencyVolume: folder,
          },
        ]
      : [backend],
  );
}

/**
 * The dashboard's preview of a request: variants it does not offer are dropped and container
 * mounts without an engine are left out, so a half-made choice previews instead of throwing. The
 * core stays the authority: `planned` replaces this preview as soon as the run starts.
 */
export function previewBackends(
  mounts: readonly MountKind[],
  provider: ProviderId | null,
  variantIds: readonly string[],
): Backend[] {
  const offered = previewVariants(provider);
  return planBackends(
    {
      mounts: provider ? [...mounts] : mounts.filter((m) => m === 'host'),
      variants: variantIds.filter((id) => offered.some((v) => v.id === id)),
    },
    provider,
    offered,
  );
}

/** What Setup needs of a planned backend to list it and estimate its time. */
export type PlannedBackend = Pick<Backend, 'id' | 'label' | 'mount'>;
