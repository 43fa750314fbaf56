// The cold-cache helper container: what it runs, and with what. It is the one container Mountbench
// starts that can reach a kernel setting, so none of it comes from a request: a fixed image pinned by
// digest (resources/helper-image.json), never the bench image or one a user or a project names
// (`--image`, compose `image:`); a fixed command; no network; no capability; a read-only root; and
// of the kernel's settings only the one file it writes, bound in on its own. /proc/sys stays as
// Docker leaves it (read-only, with kernel.core_pattern and the rest out of reach): a writable
// /proc/sys needs no capability at all for root to rewrite core_pattern.
import type Dockerode from 'dockerode';
import helperImage from '../../../resources/helper-image.json';
import { MountbenchError } from '../../shared/errors';

export const PINNED_HELPER_IMAGE: string = helperImage.image;

/** Where the kernel's drop_caches file is bound inside the helper, outside /proc. */
const DROP_CACHES_TARGET = '/mountbench-drop-caches';
/** `sync` first: drop_caches frees clean pages only (Documentation/admin-guide/sysctl/vm.rst). */
export const DROP_COMMAND = `sync && echo 3 > ${DROP_CACHES_TARGET}`;

const IMAGE_ID = /^sha256:[0-9a-f]{64}$/;
const PINNED_REFERENCE = /^[a-z0-9][a-z0-9._\-/:]*@sha256:[0-9a-f]{64}$/;

/**
 * The helper's image: the pinned one, or MOUNTBENCH_HELPER_IMAGE when it names an image by content
 * (an image id `sha256:…` or a reference pinned `@sha256:…`), as tests and air-gapped machines do
 * with one they built. A name that can move (a tag) is refused: it could be re-tagged under it.
 */
export function helperImageFor(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.MOUNTBENCH_HELPER_IMAGE;
  if (!given) return PINNED_HELPER_IMAGE;
  if (IMAGE_ID.test(given) || PINNED_REFERENCE.test(given)) return given;
  throw new MountbenchError(
    'BAD_INPUT',
    'MOUNTBENCH_HELPER_IMAGE must name an image by its content: an image id (sha256: and 64 hex digits) ' +
      'or a reference pinned with @sha256:, never a tag that can move',
  );
}

/** Whether the helper image is an id of a local image (nothing to pull: it is there or it is not). */
export function isImageId(image: string): boolean {
  return IMAGE_ID.test(image);
}

/** The helper's container: everything Docker lets be taken away, taken away. */
export function helperContainerOptions(
  image: string,
  name: string,
  labels: Record<string, string>,
): Dockerode.ContainerCreateOptions {
  return {
    name,
    Image: image,
    // The image's own entrypoint never runs: only the shell and the one write.
    Entrypoint: ['sh', '-c'],
    Cmd: [DROP_COMMAND],
    User: '0:0',
    Env: [],
    Labels: labels,
    NetworkDisabled: true,
    HostConfig: {
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      Privileged: false,
      ReadonlyRootfs: true,
      SecurityOpt: ['no-new-privileges'],
      PidsLimit: 8,
      Mounts: [
        { Type: 'bind', Source: '/proc/sys/vm/drop_caches', Target: DROP_CACHES_TARGET, ReadOnly: false },
      ],
    },
  };
}
