// One long-lived bench container, started the way the runner starts it (ContainerExecutor), with
// its bind folder under Mountbench's cache folder: the folder the engine shares, as in a real run.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_NAME_PREFIX } from '../../src/shared/ids';
import { ContainerExecutor, type ContainerMount } from '../../src/core/runner/container-executor';
import { cacheDir } from '../../src/core/store';

export type BenchMount = 'bind' | 'tmpfs';
export const BENCH_MOUNTS: readonly BenchMount[] = ['bind', 'tmpfs'];

export interface BenchContainer {
  executor: ContainerExecutor;
  name: string;
}

export async function startBenchContainer(
  docker: Dockerode,
  image: string,
  mount: BenchMount,
  purpose: string,
  signal: AbortSignal,
): Promise<BenchContainer> {
  const runId = `bench-${purpose}-${process.pid}`;
  const name = `${MOUNTBENCH_NAME_PREFIX}${runId}-${mount}`;
  let containerMount: ContainerMount = { kind: 'tmpfs' };
  let release: (() => Promise<void>) | undefined;
  if (mount === 'bind') {
    // Outside cacheDir/runs: a concurrent `mountbench run` must not take it for a dead run's folder.
    await mkdir(cacheDir(), { recursive: true });
    const dir = await mkdtemp(join(cacheDir(), `${runId}-`));
    containerMount = { kind: 'bind', source: dir, hostRoot: dir };
    release = () => rm(dir, { recursive: true, force: true });
  }
  const executor = await ContainerExecutor.start({
    docker,
    image,
    name,
    runId,
    mount: containerMount,
    signal,
    release,
  });
  return { executor, name };
}
