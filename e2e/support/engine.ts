// The engine the dashboard measures, reached the way the app reaches it (its own discovery), to
// check what a run left behind. Only what one app process made is looked at: other processes on
// this machine may be running benchmarks of their own at the same time.
import { hostname } from 'node:os';
import type Dockerode from 'dockerode';
import { resolveEngine } from '../../src/core/engines';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../src/shared/ids';
import { OWNER_LABEL } from '../../src/core/vocab/run-owner';

export interface Leftovers {
  containers: string[];
  volumes: string[];
}

export async function currentEngine(): Promise<Dockerode> {
  return (await resolveEngine(undefined)).docker;
}

/** `mountbench.owner=<this host>:<pid>`: what that process's runs label their containers and volumes with. */
export function ownerLabel(pid: number): string {
  return `${OWNER_LABEL}=${hostname()}:${pid}`;
}

export async function leftoversOf(docker: Dockerode, ownerPid: number): Promise<Leftovers> {
  const filters = { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`, ownerLabel(ownerPid)] };
  const containers = await docker.listContainers({ all: true, filters });
  const volumes = (await docker.listVolumes({ filters })).Volumes ?? [];
  return {
    containers: containers.map((c) => c.Names.join(',') || c.Id),
    volumes: volumes.map((v) => v.Name),
  };
}

/**
 * Removes what a dead app process left (the engine-gone flow: its cleanup could not reach the engine),
 * as `mountbench cleanup` would. Only for processes that have exited.
 */
export async function removeLeftoversOf(docker: Dockerode, ownerPid: number): Promise<Leftovers> {
  const found = await leftoversOf(docker, ownerPid);
  const filters = { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`, ownerLabel(ownerPid)] };
  for (const c of await docker.listContainers({ all: true, filters })) {
    await docker.getContainer(c.Id).remove({ force: true, v: true });
  }
  for (const v of (await docker.listVolumes({ filters })).Volumes ?? [])
    await docker.getVolume(v.Name).remove();
  return found;
}
