// What a finished or cancelled run still has on the engine and on disk, looked at rather than
// assumed: the CLI says "everything was removed" only when this comes back empty.
import { access } from 'node:fs/promises';
import type Dockerode from 'dockerode';
import { runWorkDir } from './run';

const LOOK_DEADLINE_MS = 30_000;

export async function whatRunLeft(
  docker: Dockerode | null,
  cacheDir: string,
  runId: string,
): Promise<string[]> {
  const left: string[] = [];
  if (docker) {
    const filters = { label: [`mountbench.run=${runId}`] };
    // The run's own signal is already aborted after a cancel: this look has its own deadline.
    const abortSignal = AbortSignal.timeout(LOOK_DEADLINE_MS);
    try {
      for (const c of await docker.listContainers({ all: true, filters, abortSignal } as object))
        left.push(`container ${c.Names[0]?.replace(/^\//, '') ?? c.Id}`);
      for (const v of (await docker.listVolumes({ filters, abortSignal } as object)).Volumes ?? [])
        left.push(`volume ${v.Name}`);
    } catch (err) {
      left.push(`(the engine could not be asked: ${(err as Error).message})`);
    }
  }
  const dir = runWorkDir(cacheDir, runId);
  if (
    await access(dir).then(
      () => true,
      () => false,
    )
  )
    left.push(`folder ${dir}`);
  return left;
}
