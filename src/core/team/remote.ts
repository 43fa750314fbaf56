// What `--to` names: a URL git speaks (https, ssh, git, file, `user@host:path`), a local git
// repository (bare or not), or a plain local folder, which is written directly. Checked before
// anything runs: a remote that starts with "-" would be read by git as an option, and `ext::` runs
// a command of the remote's choosing (git.ts also turns that transport off).
import { promises as fs } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { controlCharacterIn } from '../../shared/printable';

export type Remote = { kind: 'git'; url: string } | { kind: 'folder'; folder: string };

export const DEFAULT_BRANCH = 'mountbench-data';

const URL_SCHEME = /^(https?|ssh|git|file):\/\//i;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/;
const MAX_REMOTE_LENGTH = 2000;

function bad(message: string): MountbenchError {
  return new MountbenchError('BAD_INPUT', message);
}

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

/** A bare repository (HEAD, objects, refs) or a work tree with a .git. */
async function isGitRepository(folder: string): Promise<boolean> {
  if (await exists(path.join(folder, '.git'))) return true;
  const [head, objects, refs] = await Promise.all(
    ['HEAD', 'objects', 'refs'].map((name) => exists(path.join(folder, name))),
  );
  return head && objects && refs;
}

export async function resolveRemote(text: string, cwd: string = process.cwd()): Promise<Remote> {
  const remote = text.trim();
  if (remote === '') throw bad('the dataset (--to or the repository) is empty');
  if (remote.length > MAX_REMOTE_LENGTH)
    throw bad(`the dataset's address is longer than ${MAX_REMOTE_LENGTH} characters`);
  const control = controlCharacterIn(remote);
  if (control) throw bad(`the dataset's address holds ${control}`);
  if (remote.startsWith('-')) throw bad(`"${remote}" starts with "-", which git would read as an option`);
  if (/^ext::/i.test(remote) || /^[a-z][a-z0-9+.-]*::/i.test(remote))
    throw bad(`"${remote}" names a git remote helper ("<transport>::"), which Mountbench does not use`);
  if (URL_SCHEME.test(remote) || SCP_LIKE.test(remote)) return { kind: 'git', url: remote };
  const folder = path.resolve(cwd, remote);
  const stat = await fs.stat(folder).catch(() => null);
  if (stat === null)
    throw bad(
      `${folder} does not exist; give a git URL, a git repository, or an existing folder (make it first with mkdir)`,
    );
  if (!stat.isDirectory()) throw bad(`${folder} is not a folder or a git repository`);
  return (await isGitRepository(folder)) ? { kind: 'git', url: folder } : { kind: 'folder', folder };
}

/** A branch name git accepts and no option can hide in (git check-ref-format's rules, stricter). */
export function checkBranch(branch: string): string {
  const ok =
    /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/.test(branch) &&
    !branch.includes('..') &&
    !branch.includes('//') &&
    !branch.endsWith('/') &&
    !branch.endsWith('.') &&
    !branch.endsWith('.lock') &&
    !branch.split('/').some((part) => part.startsWith('.'));
  if (!ok)
    throw bad(
      `"${branch}" is not a branch name Mountbench uses (letters, digits, ".", "_", "-" and "/", starting with a letter or digit)`,
    );
  return branch;
}

/** The folder under the cache where this remote and branch are cloned. */
export function cloneFolder(cacheDirectory: string, url: string, branch: string): string {
  const key = createHash('sha256').update(`${url}\n${branch}`).digest('hex').slice(0, 16);
  return path.join(cacheDirectory, 'team', key);
}

/** The remote as the user may see it: a URL's password never shown. */
export function shownRemote(remote: Remote): string {
  if (remote.kind === 'folder') return remote.folder;
  return remote.url.replace(/^([a-z]+:\/\/)([^/@]*):[^/@]*@/i, '$1$2:***@');
}
