import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guessProjectKind, LARGE_GIT_INDEX_BYTES } from './project-kind';

let root: string;
let project: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mb-kind-'));
  project = join(root, 'app');
  await mkdir(project);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = async (file: string, text: string) => {
  await mkdir(join(project, file, '..'), { recursive: true });
  await writeFile(join(project, file), text);
};

describe('guessProjectKind', () => {
  it('says nothing of a folder with no telling file', async () => {
    await write('README.md', '# notes\n');
    expect(await guessProjectKind(project)).toBeNull();
  });

  it('names the front-end framework a package.json depends on', async () => {
    await write(
      'package.json',
      JSON.stringify({ devDependencies: { vite: '^7' }, dependencies: { react: '19' } }),
    );
    expect(await guessProjectKind(project)).toEqual({
      kind: 'node-frontend',
      reason: 'package.json depends on react',
    });
  });

  it('takes a workspace file, declared workspaces or a large git index for a monorepo, before anything else', async () => {
    await write('composer.json', '{}');
    await write('package.json', JSON.stringify({ workspaces: ['packages/*'] }));
    expect(await guessProjectKind(project)).toEqual({
      kind: 'monorepo',
      reason: 'package.json declares workspaces',
    });
    await write('pnpm-workspace.yaml', 'packages: ["apps/*"]\n');
    expect(await guessProjectKind(project)).toEqual({
      kind: 'monorepo',
      reason: 'pnpm-workspace.yaml is there',
    });
  });

  it('reads the git index size, not its paths: a large index is a big tree', async () => {
    await write('.git/index', '');
    await write('package.json', '{}');
    expect((await guessProjectKind(project))?.kind).toBe('node-frontend');
    await truncate(join(project, '.git', 'index'), LARGE_GIT_INDEX_BYTES);
    expect(await guessProjectKind(project)).toEqual({ kind: 'monorepo', reason: 'its git index is 2 MB' });
  });

  it('knows a Rails Gemfile from a Jekyll one, and composer.json for PHP', async () => {
    await write('Gemfile', 'source "https://rubygems.org"\n# gem "rails"\ngem "jekyll"\n');
    expect(await guessProjectKind(project)).toBeNull();
    await write('Gemfile', "gem 'rails', '~> 8.0'\n");
    expect(await guessProjectKind(project)).toEqual({
      kind: 'php-rails',
      reason: 'its Gemfile names the rails gem',
    });
    await rm(join(project, 'Gemfile'));
    await write('composer.json', '{"require": {"laravel/framework": "^12"}}');
    expect(await guessProjectKind(project)).toEqual({ kind: 'php-rails', reason: 'composer.json is there' });
  });

  it('trusts nothing it reads: a package.json that is not an object, or a link out of the folder, says nothing', async () => {
    await write('package.json', '[1, 2]');
    expect(await guessProjectKind(project)).toBeNull();
    await rm(join(project, 'package.json'));
    await writeFile(join(root, 'outside.json'), JSON.stringify({ dependencies: { react: '1' } }));
    await symlink(join(root, 'outside.json'), join(project, 'package.json'));
    expect(await guessProjectKind(project)).toBeNull();
  });
});
