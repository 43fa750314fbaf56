import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProjectsApi } from './projects-api';

let root: string;
let home: string;
let dataDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mb-projects-'));
  home = join(root, 'home');
  dataDir = join(root, 'data');
  await mkdir(join(home, 'code', 'site'), { recursive: true });
  await mkdir(join(root, 'elsewhere'));
  await writeFile(join(home, 'code', 'notes.txt'), 'x');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const api = (pickFolder?: () => Promise<string | null>) =>
  createProjectsApi({ dataDir, env: { HOME: home }, ...(pickFolder ? { pickFolder } : {}) });

describe('projects API (typed folders, as from serve)', () => {
  it('inspects a folder under home, typed with ~, and remembers it as recent', async () => {
    const projects = api();
    const found = await projects.api.inspect('~/code/site');
    expect(found).toMatchObject({ name: 'site', folder: join(home, 'code', 'site') });
    expect(await projects.api.recent()).toEqual([join(home, 'code', 'site')]);
    expect(JSON.parse(await readFile(join(dataDir, 'recent-projects.json'), 'utf8'))).toEqual({
      folders: [join(home, 'code', 'site')],
    });
  });

  it('refuses a folder outside home, home itself, a file, a missing path, a relative path and a link out of home', async () => {
    const projects = api();
    await symlink(join(root, 'elsewhere'), join(home, 'code', 'escape'));
    const refusals = await Promise.all(
      [
        join(root, 'elsewhere'),
        home,
        join(home, 'code', 'notes.txt'),
        join(home, 'nope'),
        'code/site',
        join(home, 'code', 'escape'),
      ].map((folder) =>
        projects.api.inspect(folder).then(
          () => 'accepted',
          (err: Error) => err.message,
        ),
      ),
    );
    expect(refusals).toEqual([
      expect.stringContaining('is not under your home folder'),
      expect.stringContaining('whole home folder is not a project'),
      expect.stringContaining('is not a folder'),
      expect.stringContaining('does not exist'),
      expect.stringContaining('not an absolute path'),
      expect.stringContaining('outside your home folder'),
    ]);
    await expect(projects.checkRunFolder(join(root, 'elsewhere'))).rejects.toThrow(/not under your home/);
    expect(await projects.api.recent()).toEqual([]);
  });

  it('has no folder dialog in a browser, and says to type the folder', async () => {
    await expect(api().api.pick()).rejects.toThrow(/type the folder/);
  });

  it('drops a recent folder that no longer passes, and ignores a recent file that is not ours', async () => {
    const projects = api();
    await projects.api.inspect(join(home, 'code', 'site'));
    await rm(join(home, 'code', 'site'), { recursive: true });
    expect(await projects.api.recent()).toEqual([]);
    await writeFile(join(dataDir, 'recent-projects.json'), '{"folders": 7}');
    expect(await projects.api.recent()).toEqual([]);
  });
});

describe('projects API (the desktop dialog)', () => {
  it('accepts a folder outside home once the user picked it in the dialog, and a cancelled dialog picks nothing', async () => {
    const outside = join(root, 'elsewhere');
    let answer: string | null = null;
    const projects = api(async () => answer);
    expect(await projects.api.pick()).toBeNull();
    await expect(projects.checkRunFolder(outside)).rejects.toThrow(/not under your home/);
    answer = outside;
    expect(await projects.api.pick()).toMatchObject({ name: 'elsewhere', folder: outside });
    expect(await projects.checkRunFolder(outside)).toBe(outside);
  });
});
