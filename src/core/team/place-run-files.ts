// Puts run files into a dataset folder (a plain folder the team shares, or the work tree of the
// cached clone) without ever replacing one: a file already there with the same bytes is the same
// run published before; one with other bytes is refused, and nothing of this publish is written.
// Folders on the way are checked not to be links, so a planted link cannot aim a write elsewhere.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { fsyncDir } from '../fs/atomic-write';
import { readRegularFile } from '../fs/read-regular-file';
import { MAX_DATASET_FILE_BYTES } from './dataset-layout';

export interface RunFileToPlace {
  /** Dataset-relative, from runPath(). */
  path: string;
  text: string;
}

export type PlaceStatus = 'published' | 'already-published';

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

function conflict(relative: string): MountbenchError {
  return new MountbenchError(
    'FILE_INVALID',
    `${relative} is already in the dataset with different content; it was not replaced and nothing was published ` +
      '(a run is published once; to replace it, delete the file from the dataset first)',
  );
}

/** Makes each folder of `relativeDir` under `root`, refusing any that is a link or not a folder. */
async function safeFolders(root: string, relativeDir: string): Promise<string> {
  let current = root;
  for (const part of relativeDir.split('/')) {
    current = path.join(current, part);
    const stat = await fs.lstat(current).catch((err: unknown) => {
      if (errnoCode(err) === 'ENOENT') return null;
      throw err;
    });
    if (stat === null) {
      await fs.mkdir(current).catch((err: unknown) => {
        if (errnoCode(err) !== 'EEXIST') throw err;
      });
      continue;
    }
    if (!stat.isDirectory())
      throw new MountbenchError(
        'FILE_INVALID',
        `${path.relative(root, current)} in the dataset is not a folder (a link?); nothing was published`,
      );
  }
  return current;
}

/** The status the file at `target` gives this run: null when there is none. */
async function existing(target: string, relative: string, text: string): Promise<PlaceStatus | null> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(target, { maxBytes: MAX_DATASET_FILE_BYTES, noFollow: true });
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw conflict(relative);
  }
  if (bytes.equals(Buffer.from(text))) return 'already-published';
  throw conflict(relative);
}

/** Every file's status, checked for all before any is written. */
export async function placeRunFiles(root: string, files: readonly RunFileToPlace[]): Promise<PlaceStatus[]> {
  const targets = files.map((f) => path.join(root, ...f.path.split('/')));
  const before = await Promise.all(files.map((f, i) => existing(targets[i], f.path, f.text)));
  const statuses: PlaceStatus[] = [];
  for (let i = 0; i < files.length; i += 1) {
    if (before[i] !== null) {
      statuses.push(before[i]!);
      continue;
    }
    const dir = await safeFolders(root, path.posix.dirname(files[i].path));
    const temp = path.join(dir, `.${path.basename(targets[i])}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await fs.open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(files[i].text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      // A hard link fails where a rename would replace a file another publisher put there meanwhile.
      try {
        await fs.link(temp, targets[i]);
        statuses.push('published');
      } catch (err) {
        if (errnoCode(err) !== 'EEXIST') throw err;
        const now = await existing(targets[i], files[i].path, files[i].text);
        statuses.push(now ?? 'published');
      }
      await fsyncDir(dir);
    } finally {
      await fs.rm(temp, { force: true }).catch(() => undefined);
    }
  }
  return statuses;
}
