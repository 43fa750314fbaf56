// `mkdir -p` one folder at a time. Node's own recursive mkdir loops forever where a folder's
// parent exists but mkdir answers ENOENT, as /proc and /sys do (MOUNTBENCH_DATA_DIR=/proc/self hung
// the CLI); here each step is tried once and its error is the answer.
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

function errnoOf(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function notAFolder(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOTDIR: ${path} is not a folder`), { code: 'ENOTDIR' });
}

/** Makes `dir` and the folders above it that are missing; bounded by the number of its parts. */
export async function makeDirs(dir: string, mode?: number): Promise<void> {
  const missing: string[] = [];
  let current = resolve(dir);
  for (;;) {
    try {
      if (!(await stat(current)).isDirectory()) throw notAFolder(current);
      break;
    } catch (err) {
      if (errnoOf(err) !== 'ENOENT') throw err;
    }
    const parent = dirname(current);
    if (parent === current) break;
    missing.unshift(current);
    current = parent;
  }
  for (const folder of missing) {
    try {
      await mkdir(folder, mode === undefined ? {} : { mode });
    } catch (err) {
      if (errnoOf(err) !== 'EEXIST') throw err;
      if (!(await stat(folder)).isDirectory()) throw notAFolder(folder);
    }
  }
}
