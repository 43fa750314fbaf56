// What the host spends serving a backend's share while a sample runs: the CPU seconds and resident
// memory of the processes that carry its file operations. A FUSE share costs the host work the
// container's clock never sees (every read is a round trip through the daemon), and a laptop user
// choosing the fastest setting should see what it burns. The processes are named by whatever made
// the share (fuse-share.ts finds the bindfs daemon it mounted); read here from Linux's /proc.
import { readdir, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { isPidEntry, statField, USER_HZ } from '../proc-stat';

/** A host process that serves a backend's files, as the share that started it names it. */
export interface ServingProcess {
  /** What it is, for the result file: "bindfs (FUSE daemon)". */
  label: string;
  pid: number;
}

export interface ProcessCost {
  /** User + system CPU seconds since the process started, all its threads. */
  cpuSeconds: number;
  rssBytes: number;
}

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

/** One process's cost now; null where it cannot be read (gone, not Linux, another user's). */
export async function processCost(pid: number): Promise<ProcessCost | null> {
  if (process.platform !== 'linux' || !Number.isInteger(pid) || pid <= 0) return null;
  try {
    const [stat, status] = await Promise.all([procFile(pid, 'stat'), procFile(pid, 'status')]);
    const cpuSeconds = cpuSecondsOfStat(stat);
    const rssBytes = rssBytesOfStatus(status);
    return cpuSeconds === null || rssBytes === null ? null : { cpuSeconds, rssBytes };
  } catch {
    return null;
  }
}

/** The processes' cost summed; null unless every one of them could be read. */
export async function servingCost(processes: readonly ServingProcess[]): Promise<ProcessCost | null> {
  if (processes.length === 0) return null;
  const costs = await Promise.all(processes.map((p) => processCost(p.pid)));
  if (costs.some((c) => c === null)) return null;
  return costs.reduce<ProcessCost>(
    (sum, c) => ({ cpuSeconds: sum.cpuSeconds + c!.cpuSeconds, rssBytes: sum.rssBytes + c!.rssBytes }),
    { cpuSeconds: 0, rssBytes: 0 },
  );
}

/**
 * The processes whose program is `program` and whose arguments name `argument` (a daemon started
 * with its mount point): found in /proc, since a FUSE daemon forks into the background and its
 * starter never learns its pid. Each command line is read to at most MAX_PROC_FILE.
 */
export async function processesWithArgument(program: string, argument: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const entries = (await readdir('/proc').catch(() => [] as string[])).filter(isPidEntry);
  const found: number[] = [];
  for (const entry of entries) {
    const argv = await procFile(Number(entry), 'cmdline')
      .then((text) => text.split('\0'))
      .catch(() => null);
    if (argv && basename(argv[0] ?? '') === program && argv.includes(argument)) found.push(Number(entry));
  }
  return found;
}
