import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDirs } from './make-dirs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mountbench-make-dirs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('makeDirs', () => {
  it('makes the missing folders, with the mode asked for, and takes ones already there', async () => {
    await makeDirs(join(dir, 'a', 'b', 'c'), 0o700);
    expect(statSync(join(dir, 'a', 'b', 'c')).mode & 0o777).toBe(0o700);
    await makeDirs(join(dir, 'a', 'b'));
  });

  it('refuses a file in the way', async () => {
    writeFileSync(join(dir, 'f'), '');
    await expect(makeDirs(join(dir, 'f', 'x'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('answers at once under /proc, where Node’s recursive mkdir loops forever', async () => {
    await expect(makeDirs('/proc/self/results')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(makeDirs('/proc/self/mountbench/results')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
