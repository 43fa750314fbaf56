// Who owns a run's containers, volumes and folders: this host and process. A later start removes
// what a dead owner left (a crash, a killed terminal) and never touches a run still going.
import { pidIsAlive } from '../host-processes/pid-alive';
import { hostname } from 'node:os';

export const OWNER_LABEL = 'mountbench.owner';

export function currentOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/** True when the owner is a process on this host that still exists. */
export function ownerIsAlive(owner: string | undefined): boolean {
  if (!owner) return false;
  const at = owner.lastIndexOf(':');
  const host = owner.slice(0, at);
  const pid = Number(owner.slice(at + 1));
  // Another machine's run on a shared engine is not ours to judge: treat it as alive.
  if (host !== hostname()) return true;
  return pidIsAlive(pid);
}
