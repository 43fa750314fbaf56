// The host processes that run a Lima instance and serve its mounts, from the pid files Lima keeps
// in the instance's folder (lima-vm/lima docs "Internal data structure"), as Lima itself and the
// products built on it (colima's `_lima/<instance>`) lay it out: `ha.pid`, the host agent,
// which also serves reverse-sshfs through the ssh and sftp-server it starts, and `qemu.pid`, the
// VM under the QEMU driver. Under VZ the VM runs in a process of macOS's own that is no child of
// the agent: it is not found here (docs/product-facts.md). Nothing in the folder is trusted: a pid
// file is a short decimal number, or it is ignored.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pidIsAlive } from './pid-alive';
import { servingTree, type ServingProcess } from './serving-cost';

/** A pid file holds a number and a newline; anything longer is not one. */
const MAX_PID_FILE = 32;

/** The pid a pid file names, or null (absent, unreadable, not a positive integer). */
export async function readPidFile(file: string): Promise<number | null> {
  let handle;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(MAX_PID_FILE + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_PID_FILE) return null;
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    if (!/^\s*\d{1,9}\s*$/.test(text)) return null;
    const pid = Number(text.trim());
    return pid > 1 ? pid : null;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** What the processes are called in a result, in the product's words (its module says). */
export interface AgentLabels {
  agent: string;
  vm: string;
}

/**
 * The instance's host agent with everything it started, and its QEMU, each once (QEMU is also the
 * agent's child: it keeps its own name, and is not transient). Empty when the instance runs none.
 */
export async function hostAgentServing(instanceDir: string, labels: AgentLabels): Promise<ServingProcess[]> {
  const [agentPid, qemuPid] = await Promise.all([
    readPidFile(join(instanceDir, 'ha.pid')),
    readPidFile(join(instanceDir, 'qemu.pid')),
  ]);
  const found = new Map<number, ServingProcess>();
  if (qemuPid !== null && pidIsAlive(qemuPid)) found.set(qemuPid, { label: labels.vm, pid: qemuPid });
  if (agentPid !== null && pidIsAlive(agentPid)) {
    for (const p of await servingTree({ label: labels.agent, pid: agentPid }))
      if (!found.has(p.pid)) found.set(p.pid, p);
  }
  return [...found.values()];
}
