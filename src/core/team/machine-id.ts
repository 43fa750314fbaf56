// The machine's id in team datasets: random (nothing about the machine can be read from it), made
// the first time the machine publishes and kept in the data folder, so every later run lands in
// the same machine folder. Several publishes may start at once: the file is published with a hard
// link, which fails instead of replacing an id another publish wrote first, and that one is used.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { readRegularFile } from '../fs/read-regular-file';
import { fsyncDir } from '../fs/atomic-write';
import { makeDirs } from '../fs/make-dirs';
import { isMachineId, newMachineId } from './dataset-layout';

export const MACHINE_ID_FILE = 'team-machine-id';

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

/** The stored id, or null when none is stored yet; a file that is not one is an error, never replaced. */
export async function readMachineId(dataDirectory: string): Promise<string | null> {
  const file = path.join(dataDirectory, MACHINE_ID_FILE);
  let text: string;
  try {
    text = (await readRegularFile(file, { maxBytes: 200, noFollow: true })).toString('utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw new MountbenchError('IO', `Cannot read the team machine id ${file}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const id = text.trim();
  if (!isMachineId(id))
    throw new MountbenchError(
      'FILE_INVALID',
      `${file} does not hold a machine id (m- and 16 hex digits); it was left as it is. ` +
        'Remove it to get a new id (this machine’s runs will then go to a new machine folder).',
    );
  return id;
}

export async function machineIdFor(dataDirectory: string): Promise<string> {
  const stored = await readMachineId(dataDirectory);
  if (stored !== null) return stored;
  await makeDirs(dataDirectory);
  const target = path.join(dataDirectory, MACHINE_ID_FILE);
  const temp = path.join(dataDirectory, `.${MACHINE_ID_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, `${newMachineId()}\n`, { flag: 'wx', mode: 0o644 });
    try {
      await fs.link(temp, target);
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw err;
    }
    await fsyncDir(dataDirectory);
  } catch (err) {
    throw new MountbenchError(
      'IO',
      `Cannot store the team machine id in ${dataDirectory}: ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  } finally {
    await fs.rm(temp, { force: true }).catch(() => undefined);
  }
  const id = await readMachineId(dataDirectory);
  if (id === null)
    throw new MountbenchError('IO', `The team machine id in ${dataDirectory} vanished as it was written`);
  return id;
}
