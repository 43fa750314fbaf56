// A Mac's processes as its `ps` prints them (Apple's adv_cmds, ps/print.c and ps/keyword.c): macOS
// has no /proc. `time` is user + system CPU of all the process's threads, printed "%3ld:%02ld.%02ld"
// (minutes, seconds, hundredths: the minutes are never split into hours); `rss` is the resident
// size in KiB (resident_size / 1024); `comm` the executable's path; `args` the command line, its
// words joined by spaces. A process that is gone is left out (ps then exits 1, printing the rest).
import { execFile } from 'node:child_process';
import { basename } from 'node:path';
import type { ProcessCost } from './process-cost';
import { printableName, runsProgramWith } from './command-line';

/** Runs `ps` with these arguments and resolves to what it printed (whatever its exit status). */
export type PsRunner = (args: readonly string[]) => Promise<string>;

/** ps prints a line a process: a few thousand processes fit well within this. */
const MAX_PS_OUTPUT = 8 * 1024 * 1024;

export const runPs: PsRunner = (args) =>
  new Promise((resolve) => {
    execFile(
      'ps',
      [...args],
      { encoding: 'latin1', timeout: 5000, maxBuffer: MAX_PS_OUTPUT },
      (_err, stdout) => resolve(typeof stdout === 'string' ? stdout : ''),
    );
  });

/** `  12:03.45` → 723.45 s; null for anything ps does not print for `time`. */
export function psCpuSeconds(text: string): number | null {
  const m = /^\s*(\d{1,9}):([0-5]\d)\.(\d\d)\s*$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 100 : null;
}

/** `ps -o pid=,time=,rss=` lines → each process's cost, by pid. */
export function parsePsCosts(output: string): Map<number, ProcessCost> {
  const costs = new Map<number, ProcessCost>();
  for (const line of output.split('\n')) {
    const m = /^\s*(\d{1,9})\s+(\d{1,9}:\d\d\.\d\d)\s+(\d{1,12})\s*$/.exec(line);
    if (!m) continue;
    const cpuSeconds = psCpuSeconds(m[2]);
    if (cpuSeconds !== null) costs.set(Number(m[1]), { cpuSeconds, rssBytes: Number(m[3]) * 1024 });
  }
  return costs;
}

/** The processes' costs now, from one `ps` call; a process ps does not show is absent. */
export async function macProcessCosts(
  pids: readonly number[],
  run: PsRunner = runPs,
): Promise<Map<number, ProcessCost>> {
  const valid = pids.filter((p) => Number.isInteger(p) && p > 0);
  if (!valid.length) return new Map();
  return parsePsCosts(await run(['-o', 'pid=,time=,rss=', '-p', valid.join(',')]));
}

/** A process's executable name (`comm` is its path); null when ps shows none. */
export async function macCommandName(pid: number, run: PsRunner = runPs): Promise<string | null> {
  const path = (await run(['-o', 'comm=', '-p', String(pid)])).trim().split('\n')[0] ?? '';
  return printableName(basename(path.trim()));
}

/**
 * The processes whose program is `program` and whose words hold `args` in that order, from
 * `ps -axww -o pid=,args=` (the words are split at spaces: what ps joined cannot be told apart).
 */
export async function macProcessesWithArguments(
  program: string,
  args: readonly string[],
  run: PsRunner = runPs,
): Promise<number[]> {
  const found: number[] = [];
  for (const line of (await run(['-axww', '-o', 'pid=,args='])).split('\n')) {
    const m = /^\s*(\d{1,9})\s+(.*)$/.exec(line);
    if (!m) continue;
    if (runsProgramWith(m[2].trim().split(/\s+/), program, args)) found.push(Number(m[1]));
  }
  return found;
}
