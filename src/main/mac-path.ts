// An app opened from the Finder gets launchd's minimal PATH (/usr/bin:/bin:/usr/sbin:/sbin), so the
// product CLIs the providers run (also to put settings back after a crash) would not be found. Add
// Homebrew's folders, which every product may install into, and the folders each product's own
// installer uses (its module's `cliFolders`), after what is already there.
import { delimiter } from 'node:path';
import { productCliFolders } from '../core/products/catalog';

const HOMEBREW_FOLDERS = ['/opt/homebrew/bin', '/usr/local/bin'];

export function withProductFolders(path: string | undefined, home: string): string {
  const current = (path ?? '').split(delimiter).filter(Boolean);
  const known = [...HOMEBREW_FOLDERS, ...productCliFolders(home)];
  return [...current, ...known.filter((dir) => !current.includes(dir))].join(delimiter);
}
