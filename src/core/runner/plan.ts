// Turns a run request into the backends to measure, refusing what cannot run with a reason.
import { MountbenchError } from '../../shared/errors';
import type { MountKind, ProviderId } from '../../shared/ids';
import type { Backend } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import type { ProviderVariant } from '../providers/provider-variant';

export const HOST_BACKEND: Backend = {
  id: 'host',
  provider: null,
  variant: null,
  mount: 'host',
  label: 'host (no container): baseline',
};

const MOUNT_LABELS: Record<MountKind, string> = {
  bind: 'bind mount',
  volume: 'named volume',
  tmpfs: 'tmpfs',
  layer: 'container layer',
  host: 'host',
  mutagen: 'mutagen sync',
  'docker-sync': 'docker-sync',
};

export function needsEngine(mounts: readonly MountKind[]): boolean {
  return mounts.some((m) => m !== 'host');
}

/**
 * Variants come first in the order asked; a mount the variant does not change (a named volume does
 * not care how bind mounts are served) is measured only under the first variant.
 */
export function planBackends(
  request: Pick<RunRequest, 'mounts' | 'variants' | 'backends' | 'custom'>,
  provider: ProviderId | null,
  variants: ProviderVariant[],
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
  return onlyThese(withDependencyTwins(backends, request.custom?.dependencyFolder), request.backends);
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
