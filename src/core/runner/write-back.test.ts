import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostFileSizes, parseFileSizes, treeDifferences } from './write-back';

describe('write-back check', () => {
  it("reads BusyBox stat lines of the container's files", () => {
    expect([...parseFileSizes('20480000 ./speedtest\n12 ./out/a b.html\n\n')]).toEqual([
      ['speedtest', 20480000],
      ['out/a b.html', 12],
    ]);
  });

  it('finds nothing to report when both sides hold the same files and sizes', () => {
    const same = new Map([['speedtest', 5]]);
    expect(treeDifferences(same, new Map(same))).toEqual([]);
  });

  it('names missing files, wrong sizes and files on the host only', () => {
    const container = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const host = new Map([
      ['b', 3],
      ['c', 4],
    ]);
    expect(treeDifferences(container, host)).toEqual([
      'a is missing on the host',
      'b has 3 bytes on the host, 2 in the container',
      'c is on the host only',
    ]);
  });

  const root = mkdtempSync(join(tmpdir(), 'mb-write-back-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists host files by relative path with their sizes', async () => {
    mkdirSync(join(root, 'out', 'deep'), { recursive: true });
    writeFileSync(join(root, 'speedtest'), Buffer.alloc(10));
    writeFileSync(join(root, 'out', 'deep', 'x'), 'abc');
    expect(Object.fromEntries(await hostFileSizes(root))).toEqual({ speedtest: 10, 'out/deep/x': 3 });
  });
});
