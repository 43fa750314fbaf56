// What kind of project a folder looks like (shared/project-kinds.ts), from the files that say it
// at its top: workspace files or a large git index for a monorepo, composer.json or a Gemfile
// naming rails for a PHP or Rails app, a package.json for a Node front end. Only small declaration files are read
// (read-project-file.ts) and one lstat of the git index; nothing is walked, nothing is executed.
// The answer is a suggestion with its reason: Setup shows both and the user picks.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectKindId } from '../../shared/project-kinds';
import { readProjectFile } from './read-project-file';

export interface ProjectKindGuess {
  kind: ProjectKindId;
  /** Why, in a few words naming the file: "pnpm-workspace.yaml is there". */
  reason: string;
}

/** Files whose presence alone makes a workspace of several packages. */
const WORKSPACE_FILES = ['pnpm-workspace.yaml', 'lerna.json', 'nx.json', 'turbo.json', 'rush.json'];

/**
 * A git index this large holds tens of thousands of paths (an entry is 62 bytes plus its path):
 * about 20,000 files, where `git status` starts to be the wait the issue names.
 */
export const LARGE_GIT_INDEX_BYTES = 2 * 1024 * 1024;

/** A Gemfile alone may be Jekyll's: Rails is a Gemfile naming the gem, or Rails' own files. */
const PHP_RAILS_FILES = ['composer.json', 'artisan', 'bin/rails', 'config/application.rb'];
const RAILS_GEM = /^\s*gem\s+["']rails["']/m;

/** Front-end frameworks and their dev servers: a package.json naming one is a front end. */
const FRONT_END_PACKAGES = [
  'react',
  'vue',
  'svelte',
  'next',
  'nuxt',
  'vite',
  '@angular/core',
  'react-scripts',
  'webpack',
  '@remix-run/react',
  'astro',
];

async function present(root: string, relative: string): Promise<boolean> {
  const entry = await lstat(join(root, relative)).catch(() => null);
  return entry !== null && (entry.isFile() || entry.isDirectory());
}

/** The package.json's object, or null when it is missing, too big or not an object. */
async function packageJson(root: string): Promise<Record<string, unknown> | null> {
  const read = await readProjectFile(root, 'package.json');
  if (!('text' in read)) return null;
  try {
    const value: unknown = JSON.parse(read.text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function dependencyNames(pkg: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const field of ['dependencies', 'devDependencies']) {
    const deps = pkg[field];
    if (typeof deps === 'object' && deps !== null && !Array.isArray(deps)) names.push(...Object.keys(deps));
  }
  return names;
}

/** `folder` must already be checked (checkProjectFolder). Null: nothing says what it is. */
export async function guessProjectKind(folder: string): Promise<ProjectKindGuess | null> {
  for (const file of WORKSPACE_FILES)
    if (await present(folder, file)) return { kind: 'monorepo', reason: `${file} is there` };
  const pkg = await packageJson(folder);
  if (pkg && pkg.workspaces !== undefined)
    return { kind: 'monorepo', reason: 'package.json declares workspaces' };
  const index = await lstat(join(folder, '.git', 'index')).catch(() => null);
  if (index?.isFile() && index.size >= LARGE_GIT_INDEX_BYTES)
    return { kind: 'monorepo', reason: `its git index is ${Math.round(index.size / 1024 / 1024)} MB` };
  for (const file of PHP_RAILS_FILES)
    if (await present(folder, file)) return { kind: 'php-rails', reason: `${file} is there` };
  const gemfile = await readProjectFile(folder, 'Gemfile');
  if ('text' in gemfile && RAILS_GEM.test(gemfile.text))
    return { kind: 'php-rails', reason: 'its Gemfile names the rails gem' };
  if (pkg) {
    const names = dependencyNames(pkg);
    const framework = FRONT_END_PACKAGES.find((name) => names.includes(name));
    return {
      kind: 'node-frontend',
      reason: framework ? `package.json depends on ${framework}` : 'package.json is there',
    };
  }
  return null;
}
