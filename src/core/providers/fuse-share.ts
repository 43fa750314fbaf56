// Serves a host folder through bindfs, a FUSE passthrough: every file operation makes the round
// trip through a user-space daemon, as gRPC FUSE and sshfs shares do on a Mac. It gives a Linux
// engine a real, slower file share to measure and to test against.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { MountbenchError } from '../../shared/errors';
import { processesWithArgument, type ServingProcess } from '../host-processes/serving-cost';
import { findExecutable } from '../vocab/find-executable';

const run = promisify(execFile);

export interface FuseShare {
  /** The FUSE mount point: what the engine bind-mounts. */
  mountPoint: string;
  /** The daemon serving it (bindfs forks into the background, so it is found by its arguments). */
  serving: ServingProcess[];
  release(): Promise<void>;
}

export async function mountBindfs(backingDir: string, mountPoint: string): Promise<FuseShare> {
  const bindfs = await findExecutable('bindfs');
  if (!bindfs)
    throw new MountbenchError(
      'BAD_INPUT',
      'the fuse variant needs bindfs (Debian/Ubuntu: apt-get install bindfs)',
    );
  await mkdir(backingDir, { recursive: true });
  await mkdir(mountPoint, { recursive: true });
  try {
    await run(bindfs, [backingDir, mountPoint]);
  } catch (err) {
    const message = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    throw new MountbenchError(
      'IO',
      `bindfs could not mount the fixture folder: ${message} (is /dev/fuse available?)`,
    );
  }
  const pids = await processesWithArgument('bindfs', mountPoint);
  const serving = pids.map((pid) => ({ label: 'bindfs (FUSE daemon)', pid }));
  return { mountPoint, serving, release: () => unmountFuse(mountPoint) };
}

export async function unmountFuse(mountPoint: string): Promise<void> {
  const errors: string[] = [];
  for (const [cmd, args] of [
    ['fusermount3', ['-u', mountPoint]],
    ['fusermount', ['-u', mountPoint]],
    ['umount', [mountPoint]],
  ] as const) {
    try {
      await run(cmd, [...args]);
      break;
    } catch (err) {
      errors.push(`${cmd}: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`);
    }
  }
  if (await isMounted(mountPoint))
    throw new MountbenchError('IO', `could not unmount ${mountPoint}: ${errors.join('; ')}`);
  await rm(mountPoint, { recursive: true, force: true });
}

export async function isMounted(path: string): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  const mounts = await readFile('/proc/mounts', 'utf8');
  return mounts.split('\n').some((line) => line.split(' ')[1] === path.replace(/ /g, '\\040'));
}

/** FUSE mount points below `root` (leftovers of a crashed run), deepest first. */
export async function fuseMountsUnder(root: string): Promise<string[]> {
  if (process.platform !== 'linux') return [];
  const mounts = await readFile('/proc/mounts', 'utf8').catch(() => '');
  return mounts
    .split('\n')
    .map((line) => line.split(' '))
    .filter((f) => f.length > 2 && f[2].startsWith('fuse') && f[1].startsWith(`${root}/`))
    .map((f) => f[1].replace(/\\040/g, ' '))
    .sort((a, b) => b.length - a.length);
}
