// The plain Docker Engine on Linux: no settings of its own to switch, so its two variants are
// made here — bind mounts as they are (`native`), or served through a FUSE passthrough (`fuse`).
import { join } from 'node:path';
import { DOCKER_ENGINE_VARIANTS } from '../../shared/backend-plan';
import { findExecutable } from './find-executable';
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
export async function dockerEngineBindShare(variant: string, dir: string): Promise<BindShare> {
  const hostRoot = join(dir, 'data');
  if (variant !== 'fuse') return { hostRoot, source: hostRoot, release: async () => {} };
  const share = await mountBindfs(hostRoot, join(dir, 'share'));
  return { hostRoot, source: share.mountPoint, release: share.release };
}
