// The local clone of a team dataset, kept under Mountbench's cache folder: made on first use,
// fetched before every publish or pull, and reset to exactly what the remote holds (it is a cache:
// nothing in it is the user's, so a reset loses nothing).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { makeDirs } from '../fs/make-dirs';
import { git, GIT_NETWORK_TIMEOUT_MS, GitFailed } from './git';

export interface CloneOptions {
  signal?: AbortSignal;
}

function remoteRef(branch: string): string {
  return `refs/remotes/origin/${branch}`;
}

/** Makes the clone's repository if needed, aimed at `url`. */
export async function ensureClone(folder: string, url: string, options: CloneOptions = {}): Promise<void> {
  const run = (args: string[]) => git(args, { cwd: folder, signal: options.signal });
  const made = await fs.lstat(path.join(folder, '.git')).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (made) {
    const current = await run(['config', '--get', 'remote.origin.url']).catch(() => '');
    if (current.trim() === url) return;
    // Not ours any more (or half made): the cache is rebuilt, never reused for another remote.
    await fs.rm(folder, { recursive: true, force: true });
  }
  await makeDirs(folder);
  await run(['init', '-q']);
  await run(['remote', 'add', 'origin', url]);
}

/** Fetches the branch; false when the remote has no such branch yet (a new dataset). */
export async function fetchBranch(
  folder: string,
  branch: string,
  options: CloneOptions = {},
): Promise<boolean> {
  try {
    await git(['fetch', '-q', '--no-tags', 'origin', `+refs/heads/${branch}:${remoteRef(branch)}`], {
      cwd: folder,
      timeoutMs: GIT_NETWORK_TIMEOUT_MS,
      signal: options.signal,
    });
    return true;
  } catch (err) {
    if (err instanceof GitFailed && /couldn't find remote ref/i.test(err.stderr)) {
      await git(['update-ref', '-d', remoteRef(branch)], { cwd: folder }).catch(() => undefined);
      return false;
    }
    throw err;
  }
}

/** Puts the work tree and the local branch at the remote's tip (or an empty tree for a new branch). */
export async function resetToRemote(folder: string, branch: string, remoteHasBranch: boolean): Promise<void> {
  const run = (args: string[]) => git(args, { cwd: folder });
  await run(['rebase', '--abort']).catch(() => undefined);
  if (remoteHasBranch) {
    await run(['checkout', '-q', '-f', '-B', branch, remoteRef(branch)]);
  } else {
    await run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
    await run(['update-ref', '-d', `refs/heads/${branch}`]).catch(() => undefined);
    await run(['read-tree', '--empty']);
  }
  await run(['clean', '-q', '-f', '-d', '-x']);
}

/** The commit the work tree is at, or null on a branch with none yet. */
export async function headCommit(folder: string): Promise<string | null> {
  return git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: folder }).then(
    (out) => out.trim() || null,
    () => null,
  );
}
