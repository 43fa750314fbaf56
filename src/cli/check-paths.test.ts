import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkInputFolder, checkOutputFile } from './check-paths';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mountbench-check-paths-'));
});
afterEach(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

describe('checkOutputFile', () => {
  it('takes a new file in an existing folder, and an existing file', async () => {
    await expect(checkOutputFile('--json', join(dir, 'out.json'))).resolves.toBeUndefined();
    writeFileSync(join(dir, 'old.json'), '{}');
    await expect(checkOutputFile('--json', join(dir, 'old.json'))).resolves.toBeUndefined();
  });

  it('refuses a missing folder, a folder, a file in place of a folder', async () => {
    await expect(checkOutputFile('--json', join(dir, 'nope', 'out.json'))).rejects.toThrow(
      /--json .*: the folder .*nope does not exist/,
    );
    await expect(checkOutputFile('--json', dir)).rejects.toThrow(/is a folder; give a file name/);
    writeFileSync(join(dir, 'file'), '');
    await expect(checkOutputFile('--json', join(dir, 'file', 'out.json'))).rejects.toThrow(/is not a folder/);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a folder it cannot write in', async () => {
    chmodSync(dir, 0o555);
    await expect(checkOutputFile('--json', join(dir, 'out.json'))).rejects.toThrow(/permission denied/);
  });
});

describe('checkInputFolder', () => {
  it('takes a folder and refuses a missing one or a file', async () => {
    mkdirSync(join(dir, 'project'));
    await expect(checkInputFolder('--folder', join(dir, 'project'))).resolves.toBeUndefined();
    await expect(checkInputFolder('--folder', join(dir, 'gone'))).rejects.toThrow(
      /--folder .*gone does not exist/,
    );
    writeFileSync(join(dir, 'file'), '');
    await expect(checkInputFolder('--folder', join(dir, 'file'))).rejects.toThrow(/is not a folder/);
  });
});
