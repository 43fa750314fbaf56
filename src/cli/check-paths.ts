// Checks a command makes on the paths it was given before any work starts, so a typo costs a
// second rather than a finished measurement that cannot be written.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { MountbenchError } from '../shared/errors';

const bad = (message: string) => new MountbenchError('BAD_INPUT', message);

/** `file` can be written: it is not a folder, and its folder exists and takes new files. */
export async function checkOutputFile(flag: string, file: string): Promise<void> {
  const path = resolve(file);
  const existing = await stat(path).catch(() => null);
  if (existing?.isDirectory()) throw bad(`${flag} ${file} is a folder; give a file name`);
  const folder = dirname(path);
  const parent = await stat(folder).catch(() => null);
  if (!parent) throw bad(`${flag} ${file}: the folder ${folder} does not exist`);
  if (!parent.isDirectory()) throw bad(`${flag} ${file}: ${folder} is not a folder`);
  // The file is written beside itself and renamed over, so the folder must take new files.
  await access(folder, constants.W_OK).catch(() => {
    throw bad(`${flag} ${file}: cannot write in ${folder} (permission denied)`);
  });
}

/** `dir` is an existing folder this process can read. */
export async function checkInputFolder(flag: string, dir: string): Promise<void> {
  const found = await stat(dir).catch(() => null);
  if (!found) throw bad(`${flag} ${dir} does not exist`);
  if (!found.isDirectory()) throw bad(`${flag} ${dir} is not a folder`);
  await access(dir, constants.R_OK | constants.X_OK).catch(() => {
    throw bad(`${flag} ${dir} cannot be read (permission denied)`);
  });
}
