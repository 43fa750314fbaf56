import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { writeFileAtomic } from './atomic-write';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-atomic-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('creates a new file and replaces an existing one', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFileAtomic(file, '{"a":1}');
    expect(await fs.readFile(file, 'utf8')).toBe('{"a":1}');
    await writeFileAtomic(file, Buffer.from('{"a":2}'));
    expect(await fs.readFile(file, 'utf8')).toBe('{"a":2}');
    expect(await fs.readdir(dir)).toEqual(['settings.json']);
  });

  it('keeps the permissions of the file it replaces', async () => {
    const file = path.join(dir, 'secret.json');
    await fs.writeFile(file, 'old');
    await fs.chmod(file, 0o600);
    await writeFileAtomic(file, 'new');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('never lets a reader see a partial file while writers race', async () => {
    const file = path.join(dir, 'big.txt');
    // Each version is 4 MB of one repeated letter: a torn or partial write would show up as a
    // wrong length or a mix of letters.
    const versions = ['a', 'b', 'c', 'd', 'e', 'f'].map((ch) => ch.repeat(4 * 1024 * 1024));
    await writeFileAtomic(file, versions[0]);
    let reading = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (reading) {
        const text = await fs.readFile(file, 'utf8');
        expect(text.length).toBe(4 * 1024 * 1024);
        expect(text).toBe(text[0].repeat(text.length));
        seen.add(text[0]);
      }
    })();
    await Promise.all(versions.slice(1).map((v) => writeFileAtomic(file, v)));
    reading = false;
    await reader;
    const final = await fs.readFile(file, 'utf8');
    expect(versions).toContain(final);
    expect(seen.size).toBeGreaterThan(0);
    expect(await fs.readdir(dir)).toEqual(['big.txt']);
  });

  it('refuses to replace a symbolic link, and leaves both the link and its target alone', async () => {
    const real = path.join(dir, 'real.json');
    const link = path.join(dir, 'link.json');
    await fs.writeFile(real, 'original');
    await fs.symlink(real, link);
    await expect(writeFileAtomic(link, 'changed')).rejects.toThrow(/link\.json is a symbolic link; refusing/);
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, 'utf8')).toBe('original');
    expect((await fs.readdir(dir)).sort()).toEqual(['link.json', 'real.json']);
  });

  it('refuses a dangling symbolic link too', async () => {
    const link = path.join(dir, 'dangling.json');
    await fs.symlink(path.join(dir, 'nowhere.json'), link);
    await expect(writeFileAtomic(link, 'x')).rejects.toThrow(MountbenchError);
    await expect(fs.access(path.join(dir, 'nowhere.json'))).rejects.toThrow();
  });

  it('cleans up its temp file when the final rename fails', async () => {
    // A folder at the target makes rename() fail after the data was written and synced.
    const target = path.join(dir, 'occupied');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'keep'), 'x');
    const err = await writeFileAtomic(target, 'data').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MountbenchError);
    expect((err as MountbenchError).code).toBe('IO');
    expect((err as MountbenchError).message).toMatch(/occupied is a folder/);
    expect(await fs.readdir(dir)).toEqual(['occupied']);
    expect(await fs.readdir(target)).toEqual(['keep']);
  });

  it('says so when the folder does not exist', async () => {
    await expect(writeFileAtomic(path.join(dir, 'missing', 'f.json'), 'x')).rejects.toThrow(
      /folder .*missing does not exist/,
    );
  });
});
