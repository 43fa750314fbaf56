import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../journal';
import { assertWritable, readSettingsFile, writeSettingsFile } from './settings-file';
import { requireKnownVersion } from './versioned';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mountbench-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings files', () => {
  it('writes over exactly the bytes read, after a journal backup, and reads back', async () => {
    const file = path.join(dir, 's.json');
    writeFileSync(file, '{"a": 1}\n');
    const journal = await Journal.create(path.join(dir, 'data'), 'test');
    const original = await journal.recordFile('p', file);
    const before = await readSettingsFile(file);
    await writeSettingsFile(before, '{"a": 2}\n', original);
    expect(readFileSync(file, 'utf8')).toBe('{"a": 2}\n');
    expect(readFileSync(original.backup!, 'utf8')).toBe('{"a": 1}\n');
    // A file that changed since it was read is not overwritten.
    writeFileSync(file, '{"a": 3}\n');
    await expect(writeSettingsFile(before, '{"a": 4}\n', original)).rejects.toThrow(/changed while/);
    expect(readFileSync(file, 'utf8')).toBe('{"a": 3}\n');
    await journal.close();
  });

  it('refuses a symlink, a missing file and a read-only file with clear errors', async () => {
    const real = path.join(dir, 'real.json');
    writeFileSync(real, '{}');
    const link = path.join(dir, 'link.json');
    symlinkSync(real, link);
    await expect(readSettingsFile(link)).rejects.toThrow(/symbolic link/);
    await expect(readSettingsFile(path.join(dir, 'nope.json'))).rejects.toThrow(/does not exist/);
    chmodSync(real, 0o444);
    await expect(assertWritable(real)).rejects.toThrow(/read-only/);
    expect(readFileSync(real, 'utf8')).toBe('{}');
  });

  it('refuses a newer settings version than known', () => {
    expect(requireKnownVersion(40, 40, 'X')).toBe(40);
    expect(() => requireKnownVersion(41, 40, 'X')).toThrow(
      /version 41, newer than the newest Mountbench knows \(40\)/,
    );
    expect(() => requireKnownVersion('41', 40, 'X')).toThrow(/not a whole number/);
    expect(requireKnownVersion(undefined, 40, 'X')).toBeNull();
  });
});
