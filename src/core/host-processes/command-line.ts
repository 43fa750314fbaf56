// A process's command line, as /proc/<pid>/cmdline or a Mac's ps gives its words: which program it
// runs with which arguments, and a name fit to print. Shared by the Linux and the Mac readings.
import { basename } from 'node:path';

/** Whether `argv` runs `program` (its first word's last part) with `args` among its arguments, in order. */
export function runsProgramWith(argv: readonly string[], program: string, args: readonly string[]): boolean {
  if (basename(argv[0] ?? '') !== program) return false;
  for (let i = 1; i + args.length <= argv.length; i++)
    if (args.every((a, j) => argv[i + j] === a)) return true;
  return false;
}

/** A command name as a result may print it: printable ASCII, at most 64 characters; else null. */
export function printableName(text: string): string | null {
  return /^[\x20-\x7e]{1,64}$/.test(text) ? text : null;
}
