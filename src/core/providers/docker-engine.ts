// The plain Docker Engine on Linux: no settings of its own to switch, so its two variants are
// made here — bind mounts as they are (`native`), or served through a FUSE passthrough (`fuse`).
import { join } from 'node:path';
import { findExecutable } from './find-executable';
import { mountBindfs } from './fuse-share';
import type { BindShare, ProviderVariant } from './provider-variant';

export const DOCKER_ENGINE_VARIANTS = ['native', 'fuse'] as const;

export async function dockerEngineVariants(): Promise<ProviderVariant[]> {
  const bindfs = await findExecutable('bindfs');
  return [
    { id: 'native', label: 'native', available: true, affects: ['bind'] },
    {
      id: 'fuse',
      label: 'FUSE share (bindfs)',
      available: Boolean(bindfs) && process.platform === 'linux',
      reason: bindfs
        ? process.platform === 'linux'
          ? undefined
          : 'bindfs variant needs Linux'
        : 'bindfs is not installed',
      affects: ['bind'],
    },
  ];
}

/** Makes the folder the engine will bind-mount for a backend, under `dir`. */
export async function dockerEngineBindShare(variant: string, dir: string): Promise<BindShare> {
  const hostRoot = join(dir, 'data');
  if (variant !== 'fuse') return { hostRoot, source: hostRoot, release: async () => {} };
  const share = await mountBindfs(hostRoot, join(dir, 'share'));
  return { hostRoot, source: share.mountPoint, release: share.release };
}
