// Removes what runs whose process died left behind: bench containers and volumes on the engine,
// FUSE mounts and fixture folders on the host. Runs whose owner is alive are left alone.
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../../shared/ids';
import { fuseMountsUnder, unmountFuse } from '../providers/fuse-share';
import { currentOwner, OWNER_LABEL, ownerIsAlive } from './run-owner';

export interface LeftoverReport {
  containers: string[];
  volumes: string[];
  folders: string[];
  problems: string[];
}

const OWNER_FILE = 'owner';

/** Marks a run's work folder with its owner before anything is laid in it. */
export async function claimRunDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, OWNER_FILE), currentOwner());
}

export async function removeLeftovers(docker: Dockerode | null, cacheDir: string): Promise<LeftoverReport> {
  const report: LeftoverReport = { containers: [], volumes: [], folders: [], problems: [] };
  if (docker) {
    const filters = { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`] };
    try {
      for (const info of await docker.listContainers({ all: true, filters })) {
        if (ownerIsAlive(info.Labels[OWNER_LABEL])) continue;
        await docker
          .getContainer(info.Id)
          .remove({ force: true, v: true })
          .then(() => report.containers.push(info.Names[0]?.replace(/^\//, '') ?? info.Id))
          .catch((err: Error) => report.problems.push(`container ${info.Id}: ${err.message}`));
      }
      for (const volume of (await docker.listVolumes({ filters })).Volumes ?? []) {
        if (ownerIsAlive(volume.Labels?.[OWNER_LABEL])) continue;
        await docker
          .getVolume(volume.Name)
          .remove()
          .then(() => report.volumes.push(volume.Name))
          .catch((err: Error) => report.problems.push(`volume ${volume.Name}: ${err.message}`));
      }
    } catch (err) {
      report.problems.push(`engine: ${(err as Error).message}`);
    }
  }
  const runsDir = join(cacheDir, 'runs');
  const entries = await readdir(runsDir).catch(() => [] as string[]);
  for (const entry of entries) {
    const dir = join(runsDir, entry);
    const owner = await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => undefined);
    if (ownerIsAlive(owner?.trim())) continue;
    try {
      for (const mount of await fuseMountsUnder(dir)) await unmountFuse(mount);
      await rm(dir, { recursive: true, force: true });
      report.folders.push(dir);
    } catch (err) {
      report.problems.push(`${dir}: ${(err as Error).message}`);
    }
  }
  return report;
}
