// Linux's /proc/<pid>/stat, read the one safe way (proc(5)): the command name, field 2, sits in
// parentheses and may itself hold spaces and parentheses, so the fields after it are counted from
// the last ')'. Shared by whatever asks the kernel about a process: its parent, its start, its CPU.

/** Linux's user-visible clock tick (USER_HZ), in which /proc counts times: 100, fixed by its ABI. */
export const USER_HZ = 100;

/** Field `n` of a stat line, numbered as proc(5) numbers them (3 = state, 4 = ppid …); from 3 on. */
export function statField(stat: string, n: number): string | undefined {
  const close = stat.lastIndexOf(')');
  if (close < 0 || n < 3) return undefined;
  return stat.slice(close + 2).split(' ')[n - 3];
}

/** Whether a /proc entry is a process (its name is its pid). */
export function isPidEntry(name: string): boolean {
  return /^\d+$/.test(name);
}
