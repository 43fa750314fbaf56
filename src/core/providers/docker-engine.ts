// The plain Docker Engine on Linux: no settings of its own to switch, so its two variants are
// made here — bind mounts as they are (`native`), or served through a FUSE passthrough (`fuse`).
import { join } from 'node:path';
import { DOCKER_ENGINE_VARIANTS } from '../../shared/backend-plan';
import { findExecutable } from '../vocab/find-executable';
import { mountBindfs } from './fuse-share';
import type { BindShare, ProviderVariant } from './provider-variant';

export async function dockerEngineVariants(): Promise<ProviderVariant[]> {
  const bindfs = await findExecutable('bindfs');
  const fuseProblem = !bindfs
    ? 'bindfs is not installed'
    : process.platform !== 'linux'
      ? 'bindfs variant needs Linux'
      : undefined;
  // The words and what each variant affects are shared with the dashboard's preview.
  return DOCKER_ENGINE_VARIANTS.map(({ note: _note, ...v }) =>
    v.id === 'fuse'
      ? { ...v, available: fuseProblem === undefined, ...(fuseProblem ? { reason: fuseProblem } : {}) }
      : { ...v, available: true },
  );
}

/** Makes the folder the engine will bind-mount for a backend, under `dir`. */
export function dockerEngineBindShare(variant: string, dir: string): Promise<BindShare> {
  return dockerEngineShareOf(variant, join(dir, 'data'), join(dir, 'share'));
}

/**
 * Serves a host folder the way a variant shares files: as it is (`native`), or through its own
 * bindfs mount at `mountPoint` (`fuse`). Several backends may each serve the same folder so (a
 * fixture the run lays once, shared-fixtures.ts): each then still reads it through its own share.
 */
export async function dockerEngineShareOf(
  variant: string,
  hostRoot: string,
  mountPoint: string,
): Promise<BindShare> {
  if (variant !== 'fuse') return { hostRoot, source: hostRoot, release: async () => {} };
  const share = await mountBindfs(hostRoot, mountPoint);
  return { hostRoot, source: share.mountPoint, serving: share.serving, release: share.release };
}
