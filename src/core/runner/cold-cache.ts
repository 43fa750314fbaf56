// Cold-cache mode: the page cache of the kernel the engine runs on is dropped before every sample,
// so each figure is what a first build after a reboot would see. The kernel documents
// `sync; echo 3 > /proc/sys/vm/drop_caches` as freeing clean page cache, dentries and inodes
// (Documentation/admin-guide/sysctl/vm.rst, docs/product-facts.md); it is not destructive, but on
// an engine that shares the host's kernel it empties the whole machine's cache, so it is only done
// where the engine is a VM the user owns, or on an explicit opt-in for the host's own kernel.
import { randomBytes } from 'node:crypto';
import { release } from 'node:os';
import type Dockerode from 'dockerode';
import { MOUNT_FACTS } from '../../shared/mounts';
import { MountbenchError } from '../../shared/errors';
import {
  MOUNTBENCH_LABEL,
  MOUNTBENCH_LABEL_VALUE,
  MOUNTBENCH_NAME_PREFIX,
  type MountKind,
} from '../../shared/ids';
import type { EngineInfo } from '../../shared/result-schema';
import type { ColdCacheScope } from '../../shared/run-plan';
import { currentOwner, OWNER_LABEL } from '../vocab/run-owner';
import { runsOnThisKernel } from '../engines/own-kernel';
import { ownsItsVm } from '../products/catalog';
import { helperContainerOptions, helperImageFor, isImageId } from './cold-cache-helper';
import { ensureImage } from './image';
import { createContainerChecked } from './create-container';

/** Ending a helper container that never returns: a wedged VM must not hang the run. */
const DROP_TIMEOUT_MS = 60_000;

/**
 * Why cold-cache mode may not run on this engine, or null when it may. `vm`: only an engine that is
 * a VM the user owns. `host-kernel`: a plain engine on this machine's own kernel, whose page cache is
 * the host's (the caller said so knowingly). A remote engine is someone else's machine either way.
 */
export function coldCacheRefusal(
  engine: Pick<EngineInfo, 'provider' | 'endpoint' | 'kernelVersion' | 'osType'>,
  scope: ColdCacheScope,
  hostKernel: string = release(),
): string | null {
  // Whether a product's engine is a VM the user owns is its module's to say (docs/product-facts.md).
  if (ownsItsVm(engine.provider)) {
    return scope === 'vm'
      ? null
      : `the engine is ${engine.provider}'s VM, not this machine's kernel: use the vm cold-cache mode`;
  }
  const ownKernel = runsOnThisKernel(engine, hostKernel);
  if (!ownKernel) {
    return (
      `the engine at ${engine.endpoint} is not a VM you own (kernel ${engine.kernelVersion || 'unknown'}): ` +
      'dropping its page cache would slow down whoever else uses that machine'
    );
  }
  return scope === 'host-kernel'
    ? null
    : "this engine runs on this machine's own kernel, so dropping its page cache drops the whole host's: " +
        'opt in with --cold-cache-host if that is what you want';
}

/**
 * What a cold-cache result must add about whose cache was dropped. In the vm mode only the VM's page
 * cache goes: a bind mount's files (and an NFS volume's) live on the host, which serves them through
 * the share from its own page cache, untouched. So such a sample is cold in the VM and may be warm on
 * the host; a named volume or a synced copy lives in the VM and is cold throughout.
 */
export function coldCacheNote(scope: ColdCacheScope, mount: MountKind): string | null {
  if (scope !== 'vm' || !MOUNT_FACTS[mount].filesOnTheHost) return null;
  return (
    "Cold cache dropped the engine VM's page cache before each sample, not the host's: this mount's files " +
    "are on the host, whose own page cache was not dropped, so reads through the share may still come from the host's memory."
  );
}

/**
 * Drops the page cache of the engine's kernel with a short-lived helper container
 * (cold-cache-helper.ts: a pinned image, no capability, no network, only drop_caches writable).
 * `onCreated` is for tests: it sees the container before it starts, to inspect what it was given.
 */
export async function dropPageCache(
  docker: Dockerode,
  runId: string,
  signal: AbortSignal,
  options: { env?: NodeJS.ProcessEnv; onCreated?: (id: string) => Promise<void> } = {},
): Promise<void> {
  const image = helperImageFor(options.env);
  // A fresh name each time: a helper whose removal failed must not block the next sample's.
  const name = `${MOUNTBENCH_NAME_PREFIX}${runId}-drop-caches-${randomBytes(3).toString('hex')}`;
  const container = await createContainerChecked(docker, {
    ...helperContainerOptions(image, name, {
      [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE,
      'mountbench.run': runId,
      [OWNER_LABEL]: currentOwner(),
    }),
    abortSignal: signal,
  } as Dockerode.ContainerCreateOptions);
  try {
    await options.onCreated?.(container.id);
    await container.start({ abortSignal: signal } as object);
    const timeout = AbortSignal.timeout(DROP_TIMEOUT_MS);
    const result = (await container.wait({ abortSignal: AbortSignal.any([signal, timeout]) } as object)) as {
      StatusCode?: number;
    };
    if (result.StatusCode !== 0) {
      const logs = await container.logs({ stdout: true, stderr: true, tail: 5 }).catch(() => '');
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `dropping the page cache failed (exit ${result.StatusCode}): ${String(logs)
          .replace(/[^\x20-\x7e\n]/g, '')
          .trim()
          .slice(0, 500)}`,
      );
    }
  } finally {
    // Removed whatever happened: cleanup is not cancelled by the run's signal.
    await container.remove({ force: true }).catch(() => {});
  }
}

/**
 * The helper's image on the engine before the first sample: pulled by its digest when missing. An
 * image id (MOUNTBENCH_HELPER_IMAGE) cannot be pulled: it is on the engine or the run stops here.
 */
export async function ensureHelperImage(
  docker: Dockerode,
  env: NodeJS.ProcessEnv | undefined,
  signal: AbortSignal,
): Promise<void> {
  const image = helperImageFor(env);
  if (!isImageId(image)) return ensureImage(docker, image, signal, () => {}, 'helper');
  try {
    await docker.getImage(image).inspect({ abortSignal: signal } as object);
  } catch (err) {
    signal.throwIfAborted();
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
    throw new MountbenchError(
      'IMAGE_UNAVAILABLE',
      `the cold-cache helper image ${image} (MOUNTBENCH_HELPER_IMAGE) is not on the engine: build it again, or unset MOUNTBENCH_HELPER_IMAGE to use the pinned one`,
      { cause: err },
    );
  }
}
