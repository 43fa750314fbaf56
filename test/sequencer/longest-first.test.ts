// The longest-first order of test files, and the table it reads: the longest known file first in
// each project, projects and groups in Vitest's order, an unknown file taken as an average one, a
// missing, oversized or malformed table read as empty.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_SECONDS, longestFirst, readFileSeconds, UNKNOWN_FILE_SECONDS } from './longest-first';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('longestFirst', () => {
  it('orders each group longest first, keeps the groups in order, and puts an unknown file at the average', () => {
    const files = [
      { group: 'unit', path: 'src/a.test.ts' },
      { group: 'integration', path: 'test/integration/short.test.ts' },
      { group: 'integration', path: 'test/integration/new.test.ts' },
      { group: 'integration', path: 'test/integration/fault.test.ts' },
      { group: 'unit', path: 'src/b.test.ts' },
      { group: 'integration', path: 'test/integration/medium.test.ts' },
    ];
    const seconds = new Map([
      ['test/integration/short.test.ts', 2],
      ['test/integration/fault.test.ts', 570],
      ['test/integration/medium.test.ts', UNKNOWN_FILE_SECONDS + 10],
      ['src/b.test.ts', 5],
    ]);
    const sorted = longestFirst(
      files,
      (f) => f.group,
      (f) => f.path,
      seconds,
    ).map((f) => f.path);
    expect(sorted).toEqual([
      'src/a.test.ts',
      'src/b.test.ts',
      'test/integration/fault.test.ts',
      'test/integration/medium.test.ts',
      'test/integration/new.test.ts',
      'test/integration/short.test.ts',
    ]);
  });
});

describe('readFileSeconds', () => {
  it('reads the committed table, every integration and VM file of the full check in it', () => {
    const table = readFileSeconds(FILE_SECONDS);
    expect(table.get('test/integration/fault-injection-stand-ins.test.ts')).toBeGreaterThan(60);
    expect([...table.keys()].some((k) => k.startsWith('test/vm/'))).toBe(true);
  });

  it('reads a missing, oversized or malformed table, or bad entries, as nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mountbench-file-seconds-'));
    dirs.push(dir);
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(readFileSeconds(join(dir, 'absent.json')).size).toBe(0);
    expect(readFileSeconds(file('bad.json', '{ nope')).size).toBe(0);
    expect(readFileSeconds(file('array.json', '{"files": [1, 2]}')).size).toBe(0);
    expect(readFileSeconds(file('big.json', `{"files": {}, "pad": "${'x'.repeat(300 * 1024)}"}`)).size).toBe(
      0,
    );
    const mixed = readFileSeconds(file('mixed.json', '{"files": {"a": 3, "b": -1, "c": "9", "d": null}}'));
    expect([...mixed]).toEqual([['a', 3]]);
  });
});
