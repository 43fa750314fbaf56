// Which filesystem a bind mount really lands on under the variant just applied: a bench container
// mounts a fresh host folder and reads /proc/mounts, before any workload runs.
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_NAME_PREFIX, type ProviderId } from '../../shared/ids';
import { dockerEngineBindShare } from '../providers/docker-engine';
import { BENCH_ROOT, ContainerExecutor } from '../runner/container-executor';
import { claimRunDir } from '../runner/leftovers';
import { runWorkDir } from '../runner/run';

/** What the probe needs besides the engine: the bench image, the variant and where to lay its folder. */
export interface BindProbe {
  image: string;
  provider: ProviderId;
  variant: string;
  cacheDir: string;
  probeId: string;
  signal: AbortSignal;
}

export async function observeBindFsType(options: BindProbe & { docker: Dockerode }): Promise<string> {
  const dir = runWorkDir(options.cacheDir, options.probeId);
  await claimRunDir(dir);
  try {
    // The plain engine's variants are made per backend, exactly as the runner will make them.
    const share =
      options.provider === 'docker-engine'
        ? await dockerEngineBindShare(options.variant, dir)
        : { hostRoot: join(dir, 'data'), source: join(dir, 'data'), release: async () => {} };
    const executor = await ContainerExecutor.start({
      docker: options.docker,
      image: options.image,
      name: `${MOUNTBENCH_NAME_PREFIX}${options.probeId}`,
      runId: options.probeId,
      mount: { kind: 'bind', source: share.source, hostRoot: share.hostRoot },
      signal: options.signal,
      release: share.release,
    });
    try {
      return await executor.fsTypeOf(BENCH_ROOT, options.signal);
    } finally {
      await executor.dispose();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
