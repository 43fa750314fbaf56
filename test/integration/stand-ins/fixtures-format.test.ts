// The product fixtures are byte-for-byte what the products write: Rancher Desktop saves compact
// JSON (JSON.stringify, no whitespace, no newline), Docker Desktop two-space indented JSON with
// every array element on its own line. A code formatter run over test/fixtures would quietly turn
// them into files no product writes, so this test fails when that happens (restore them with git).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FIXTURES } from '../../stand-ins/sandbox';

const read = (...parts: string[]) => readFileSync(join(PRODUCT_FIXTURES, ...parts), 'utf8');

describe('product fixtures keep the products’ own formatting', () => {
  for (const v of [14, 15, 16, 19]) {
    it(`Rancher Desktop settings version ${v} is compact, as Rancher Desktop writes it`, () => {
      const text = read('rancher-desktop', `v${v}`, 'settings.json');
      const parsed = JSON.parse(text) as { version: number };
      expect(parsed.version).toBe(v);
      expect(text).toBe(JSON.stringify(parsed));
    });
  }

  for (const [dir, file] of [
    ['settings-json-4.34', 'settings.json'],
    ['settings-store-json-4.35', 'settings-store.json'],
    ['settings-store-json-v43', 'settings-store.json'],
    ['settings-store-json-v43-docker-vmm', 'settings-store.json'],
    ['settings-store-json-v46', 'settings-store.json'],
    ['settings-store-json-v46-grpcfuse', 'settings-store.json'],
  ]) {
    it(`Docker Desktop ${file} is indented as Docker Desktop writes it`, () => {
      const text = read('docker-desktop', dir, file);
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    });
  }

  it('colima.yaml keeps colima’s comments and the user’s nested sections', () => {
    const text = read('colima', 'default', 'colima.yaml');
    expect(text).toMatch(/^# Number of CPUs to be allocated to the virtual machine\.$/m);
    expect(text).toMatch(/^vmType: vz$/m);
    expect(text).toMatch(/^mounts:\n {2}- location: ~\/projects\n {4}writable: true$/m);
  });

  it('colima.yaml is shaped as yaml.v3 re-encodes it (colima saves the file at every start)', () => {
    const text = read('colima', 'default', 'colima.yaml');
    expect(text).toMatch(/^hostname: colima$/m);
    expect(text).toMatch(/^ {2}dns: null$/m);
    expect(text).toMatch(/^ {2}k3sArgs:\n {4}- --disable=traefik$/m);
    expect(text).toMatch(/^diskImage: ""$/m);
    const values = text.split('\n').filter((line) => !/^\s*#/.test(line));
    expect(values.filter((line) => /: \[\]$|: ''$|: \[[^\]]+\]$/.test(line))).toEqual([]);
  });
});
