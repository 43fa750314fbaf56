// The project folder a dashboard names, checked by the core before anything reads it: an absolute
// path that exists, is a folder, and (from `serve`, where the page types it) lies under the user's
// home once every link in it is resolved, so a link cannot lead the copy out of home.
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, sep } from 'node:path';
import { MountbenchError } from '../../shared/errors';

const bad = (message: string) => new MountbenchError('BAD_INPUT', message);

export interface FolderRules {
  /** When set, the folder (links resolved) must be this folder or inside it. */
  under?: string;
}

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The folder's real absolute path, or a BAD_INPUT error that says what is wrong with it. */
export async function checkProjectFolder(folder: string, rules: FolderRules = {}): Promise<string> {
  if (!isAbsolute(folder)) throw bad(`${folder} is not an absolute path; start it with / or ~/`);
  if (folder.includes('\0')) throw bad('the folder path holds a NUL character');
  const real = await realpath(folder).catch(() => null);
  if (!real) throw bad(`${folder} does not exist`);
  const found = await stat(real);
  if (!found.isDirectory()) throw bad(`${folder} is not a folder`);
  if (rules.under) {
    const home = await realpath(rules.under).catch(() => rules.under as string);
    if (!inside(home, real))
      throw bad(
        real === folder
          ? `${folder} is not under your home folder (${rules.under}); pick a project there`
          : `${folder} leads to ${real}, outside your home folder (${rules.under}); links out of home are refused`,
      );
    if (real === home) throw bad('your whole home folder is not a project; pick the project folder in it');
  }
  return real;
}

/** `~` and `~/x` in a typed path, as a shell would read them; anything else as typed. */
export function expandHome(folder: string, home: string): string {
  const trimmed = folder.trim();
  if (trimmed === '~') return home;
  if (trimmed.startsWith('~/')) return `${home.replace(/\/+$/, '')}/${trimmed.slice(2)}`;
  return trimmed;
}

/** The name results carry: the folder's base name, never its path. */
export function projectName(folder: string): string {
  return basename(folder.replace(/\/+$/, '')) || 'project';
}
