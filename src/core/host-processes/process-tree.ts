// The host's process tree, read now: each process's parent (Linux's /proc/<pid>/stat, macOS's ps),
// and every process descending from one. Shared by the host shells' clean-up (runner/process-
// group.ts) and by what a share's host processes cost (serving-cost.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { isPidEntry, statField } from '../proc-stat';

/** Each process's parent, now (Linux: /proc/PID/stat; macOS: ps); empty when it cannot be read. */
function parentTable(): Map<number, number> {
  const parents = new Map<number, number>();
  if (process.platform === 'linux') {
    for (const name of readdirSync('/proc')) {
      if (!isPidEntry(name)) continue;
      try {
        const ppid = Number(statField(readFileSync(`/proc/${name}/stat`, 'latin1'), 4));
        if (Number.isInteger(ppid)) parents.set(Number(name), ppid);
      } catch {
        // Gone already.
      }
    }
  } else if (process.platform === 'darwin') {
    try {
      const out = execFileSync('ps', ['-axo', 'pid=,ppid='], { encoding: 'latin1', timeout: 5000 });
      for (const line of out.split('\n')) {
        const [pid, ppid] = line.trim().split(/\s+/).map(Number);
        if (Number.isInteger(pid) && Number.isInteger(ppid)) parents.set(pid, ppid);
      }
    } catch {
      // No table: the group and the tag still apply.
    }
  }
  return parents;
}

/** Every process descending from `root` by parent links, at this moment. */
export function descendantPids(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentTable()) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = new Set<number>();
  const stack = [...(children.get(root) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (found.has(pid)) continue;
    found.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return [...found];
}
