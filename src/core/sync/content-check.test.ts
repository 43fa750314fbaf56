import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDiff, diffListings, listHost, parseListing, waitForSameContent } from './content-check';

const root = mkdtempSync(join(tmpdir(), 'mb-content-check-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('content check of a sync without a flush of its own', () => {
  it('lists files by size and folders (empty ones too) on both sides alike', async () => {
    mkdirSync(join(root, 'a', 'empty'), { recursive: true });
    writeFileSync(join(root, 'a', 'x'), 'hello');
    const host = await listHost(root);
    expect([...host]).toEqual(
      expect.arrayContaining([
        ['a', -1],
        ['a/empty', -1],
        ['a/x', 5],
      ]),
    );
    const container = parseListing('-1 ./a\n-1 ./a/empty\n5 ./a/x\nnoise\n');
    expect(diffListings(host, container)).toEqual({ hostOnly: [], containerOnly: [], sizeDiffers: [] });
  });

  it('names what never arrived, each way', () => {
    const diff = diffListings(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]),
      new Map([
        ['b', 9],
        ['z', 1],
      ]),
    );
    expect(describeDiff(diff)).toBe(
      '2 file(s) never arrived in the container (a, c); 1 file(s) never arrived on the host (z); 1 file(s) still differ in size (b)',
    );
  });

  it('times out with that list when the container never catches up', async () => {
    await expect(
      waitForSameContent({
        hostRoot: root,
        containerRoot: '/bench',
        run: async () => ({ stdout: '-1 ./a\n', exitCode: 0 }),
        signal: new AbortController().signal,
        timeoutMs: 50,
        intervalMs: 10,
        tool: 'docker-sync',
      }),
    ).rejects.toThrow(
      /docker-sync did not carry the files across within 0 s: 2 file\(s\) never arrived in the container \(a\/empty, a\/x\)/,
    );
  });
});
