// What the host spends serving a backend's share while a sample runs: the CPU seconds and resident
// memory of the processes that carry its file operations. A FUSE share costs the host work the
// container's clock never sees (every read is a round trip through the daemon), and a laptop user
// choosing the fastest setting should see what it burns. The processes are named by whatever made
// the share (fuse-share.ts finds the bindfs daemon it mounted, a product module its VM's processes);
// read from Linux's /proc, or a Mac's ps (mac-ps.ts).
import { readdir, readFile } from 'node:fs/promises';
import { isPidEntry, statField, USER_HZ } from '../proc-stat';
import { descendantPids } from './process-tree';
import { macCommandName, macProcessCosts, macProcessesWithArguments } from './mac-ps';
import { printableName, runsProgramWith } from './command-line';
import type { ProcessCost } from './process-cost';
import type { WorkloadResult } from '../../shared/result-schema';

/** A host process that serves a backend's files, as the share that started it names it. */
export interface ServingProcess {
  /** What it is, for the result file: "bindfs (FUSE daemon)". */
  label: string;
  pid: number;
  /**
   * Started by a serving process for a while (an ssh session of a VM's host agent): counted while
   * it lives, and its end takes no figure away. A process that is not transient and cannot be read
   * leaves the sample without a figure.
   */
  transient?: boolean;
}

export type { ProcessCost } from './process-cost';

/** /proc/<pid>/stat and status are a few hundred bytes; anything longer is not theirs. */
const MAX_PROC_FILE = 16 * 1024;

/** User + system seconds from /proc/<pid>/stat: fields 14 and 15 (utime, stime), in ticks. */
export function cpuSecondsOfStat(stat: string): number | null {
  const utime = Number(statField(stat, 14));
  const stime = Number(statField(stat, 15));
  if (!Number.isInteger(utime) || !Number.isInteger(stime) || utime < 0 || stime < 0) return null;
  return (utime + stime) / USER_HZ;
}

/** The resident set from /proc/<pid>/status (`VmRSS: 1234 kB`), in bytes. */
export function rssBytesOfStatus(status: string): number | null {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

async function procFile(pid: number, name: string): Promise<string> {
  const text = await readFile(`/proc/${pid}/${name}`, 'utf8');
  return text.slice(0, MAX_PROC_FILE);
}

/** A process's cost from Linux's /proc; null where it cannot be read (gone, another user's). */
async function linuxProcessCost(pid: number): Promise<ProcessCost | null> {
  try {
    const [stat, status] = await Promise.all([procFile(pid, 'stat'), procFile(pid, 'status')]);
    const cpuSeconds = cpuSecondsOfStat(stat);
    const rssBytes = rssBytesOfStatus(status);
    return cpuSeconds === null || rssBytes === null ? null : { cpuSeconds, rssBytes };
  } catch {
    return null;
  }
}

/** The processes' costs now, by pid (a Mac's ps reads them all in one call); one unread is absent. */
async function processCosts(pids: readonly number[]): Promise<Map<number, ProcessCost>> {
  const valid = pids.filter((p) => Number.isInteger(p) && p > 0);
  if (process.platform === 'darwin') return macProcessCosts(valid);
  const costs = new Map<number, ProcessCost>();
  if (process.platform !== 'linux') return costs;
  const read = await Promise.all(valid.map(linuxProcessCost));
  valid.forEach((pid, i) => {
    if (read[i]) costs.set(pid, read[i]);
  });
  return costs;
}

/** One process's cost now; null where it cannot be read (gone, another user's, no /proc or ps). */
export async function processCost(pid: number): Promise<ProcessCost | null> {
  return (await processCosts([pid])).get(pid) ?? null;
}

/** Each serving process's cost at one moment, by pid (a transient one that is gone is absent). */
export type ServingSnapshot = ReadonlyMap<number, ProcessCost>;

/** The processes' costs now; null when there are none, or one that is not transient cannot be read. */
export async function servingSnapshot(processes: readonly ServingProcess[]): Promise<ServingSnapshot | null> {
  if (processes.length === 0) return null;
  const costs = await processCosts(processes.map((p) => p.pid));
  const snapshot = new Map<number, ProcessCost>();
  for (const p of processes) {
    const cost = costs.get(p.pid);
    if (cost) snapshot.set(p.pid, cost);
    else if (!p.transient) return null;
  }
  return snapshot;
}

/**
 * What the processes spent between two snapshots: the CPU of each one read at both (one that
 * started or ended between them carries no delta), and the memory they held at the second.
 */
export function servingSpent(before: ServingSnapshot, after: ServingSnapshot): ProcessCost {
  let cpuSeconds = 0;
  let rssBytes = 0;
  for (const [pid, now] of after) {
    rssBytes += now.rssBytes;
    const then = before.get(pid);
    if (then) cpuSeconds += Math.max(0, now.cpuSeconds - then.cpuSeconds);
  }
  return { cpuSeconds, rssBytes };
}

/**
 * Runs `work` between two snapshots of the processes (read just outside it, never while it runs):
 * its value, and what the processes spent across it (null where none are known or one could not
 * be read).
 */
export async function spentAcross<T>(
  processes: readonly ServingProcess[],
  work: () => Promise<T>,
): Promise<{ value: T; spent: ProcessCost | null }> {
  const from = await servingSnapshot(processes);
  const value = await work();
  const to = from ? await servingSnapshot(processes) : null;
  return { value, spent: from && to ? servingSpent(from, to) : null };
}

/**
 * A result's `serving`: the processes' names (at most 20, as the result file keeps), the CPU each
 * timed sample cost and the most memory read after one; absent unless every one of the `samples`
 * timed samples was read.
 */
export function servingResult(
  processes: readonly ServingProcess[],
  spent: readonly ProcessCost[],
  samples: number,
): Pick<WorkloadResult, 'serving'> {
  if (!processes.length || !spent.length || spent.length !== samples) return {};
  return {
    serving: {
      processes: [...new Set(processes.map((p) => p.label))].slice(0, 20),
      cpuSeconds: spent.map((s) => s.cpuSeconds),
      peakRssBytes: Math.max(...spent.map((s) => s.rssBytes)),
    },
  };
}

/** A process's command name (Linux `/proc/<pid>/comm`, at most 15 characters; a Mac's ps). */
export async function commandName(pid: number): Promise<string | null> {
  if (process.platform === 'darwin') return macCommandName(pid);
  if (process.platform !== 'linux') return null;
  const name = await procFile(pid, 'comm').catch(() => null);
  return printableName(name?.trim() ?? '');
}

/**
 * `root` and every process it has started, at this moment: the children named by their command,
 * and transient (a VM's host agent starts ssh sessions that come and go).
 */
export async function servingTree(root: ServingProcess): Promise<ServingProcess[]> {
  const children = await Promise.all(
    descendantPids(root.pid).map(async (pid) => ({
      label: `${(await commandName(pid)) ?? 'a process'} (started by ${root.label})`,
      pid,
      transient: true,
    })),
  );
  return [root, ...children];
}

/**
 * The processes whose program is `program` and whose arguments hold `args` in that order (a daemon
 * started with its mount point, `mutagen daemon run`): found in /proc (a Mac: ps), since a daemon forks into
 * the background and its starter never learns its pid. Each command line is read to at most
 * MAX_PROC_FILE.
 */
export async function processesWithArguments(program: string, args: readonly string[]): Promise<number[]> {
  if (args.length === 0) return [];
  if (process.platform === 'darwin') return macProcessesWithArguments(program, args);
  if (process.platform !== 'linux') return [];
  const entries = (await readdir('/proc').catch(() => [] as string[])).filter(isPidEntry);
  const found: number[] = [];
  for (const entry of entries) {
    const argv = await procFile(Number(entry), 'cmdline')
      .then((text) => text.split('\0').filter((a, i, all) => a !== '' || i < all.length - 1))
      .catch(() => null);
    if (argv && runsProgramWith(argv, program, args)) found.push(Number(entry));
  }
  return found;
}

/** The processes whose program is `program` and whose arguments name `argument`. */
export function processesWithArgument(program: string, argument: string): Promise<number[]> {
  return processesWithArguments(program, [argument]);
}
