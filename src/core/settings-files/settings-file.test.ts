import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../journal';
import {
  assertWritable,
  readSettingsFile,
  SETTINGS_FILE_MAX_BYTES,
  writeSettingsFile,
} from './settings-file';
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

  it('refuses a file over the bound by its size, before reading it (a sparse 600 MB one), and a FIFO', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, '{}');
    truncateSync(file, 600 * 1024 * 1024);
    await expect(readSettingsFile(file)).rejects.toThrow(
      `${file} is 600.0 MB; more than the 1.0 MB allowed: a settings file is a few KB`,
    );
    expect(statSync(file).size).toBe(600 * 1024 * 1024);
    const fifo = path.join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    await expect(readSettingsFile(fifo)).rejects.toThrow(/not a regular file/);
    // Exactly the bound is still read.
    writeFileSync(file, `{${' '.repeat(SETTINGS_FILE_MAX_BYTES - 2)}}`);
    expect((await readSettingsFile(file)).text.length).toBe(SETTINGS_FILE_MAX_BYTES);
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
