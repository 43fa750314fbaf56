// Folders at the top of a project that hold installed dependencies: the ones every published guide
// says belong in a named volume. Only their presence is looked at (lstat, no walk).
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';

export const DEPENDENCY_FOLDERS = ['node_modules', 'vendor/bundle', '.venv', 'venv', 'target', '.bundle'];

export async function findDependencyFolders(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of DEPENDENCY_FOLDERS) {
    const entry = await lstat(join(root, folder)).catch(() => null);
    if (entry?.isDirectory()) found.push(folder);
  }
  return found;
}
