import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  describeDiff,
  diffListings,
  listHost,
  notYetBack,
  parseContainerScan,
  parseListing,
  scanHost,
  waitForSameContent,
  type RunInContainer,
} from './content-check';

const root = mkdtempSync(join(tmpdir(), 'mb-content-check-'));
const rewriteRoot = mkdtempSync(join(tmpdir(), 'mb-content-rewrite-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(rewriteRoot, { recursive: true, force: true });
});

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
    const container = parseListing('-1 ./a\n-1 ./a/empty\n5 12:2026-12-01 13:00:00.1 +0000|./a/x\nnoise\n');
    expect(diffListings(host, container)).toEqual({
      hostOnly: [],
      containerOnly: [],
      sizeDiffers: [],
      notYetBack: [],
    });
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
    // Its own files, so the test passes in any order (--sequence.shuffle).
    mkdirSync(join(root, 'a', 'empty'), { recursive: true });
    writeFileSync(join(root, 'a', 'x'), 'hello');
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

  it('reads a change stamp for each file in the container, none for folders', () => {
    const scan = parseContainerScan('-1 ./d\n7 99:2026-12-01 13:00:00.123456789 +0000|./d/f\n');
    expect([...scan.sizes]).toEqual([
      ['d', -1],
      ['d/f', 7],
    ]);
    expect([...scan.stamps]).toEqual([['d/f', '99:2026-12-01 13:00:00.123456789 +0000']]);
  });

  it('calls a file not yet back when the container rewrote it and the host copy is unchanged', () => {
    const stamps = (entries: [string, string][]) => ({ sizes: new Map(), stamps: new Map(entries) });
    const since = { host: new Map([['f', 'h1']]), container: new Map([['f', 'c1']]) };
    expect(notYetBack(stamps([['f', 'h1']]), stamps([['f', 'c2']]), since)).toEqual(['f']);
    expect(notYetBack(stamps([['f', 'h2']]), stamps([['f', 'c2']]), since)).toEqual([]);
    expect(notYetBack(stamps([['f', 'h1']]), stamps([['f', 'c1']]), since)).toEqual([]);
    expect(notYetBack(stamps([['f', 'h1']]), stamps([['f', 'c2']]), undefined)).toEqual([]);
  });

  describe('a rewrite of the same size since the last flush', () => {
    const dir = rewriteRoot;
    writeFileSync(join(dir, 'speedtest'), 'old bytes');
    /** A container whose `speedtest` was rewritten (new stamp) with `bytes` of the same length. */
    const containerWith =
      (bytes: string): RunInContainer =>
      async (script) => {
        if (script.includes('md5sum')) {
          const md5 = createHash('md5').update(bytes).digest('hex');
          return { stdout: `${md5}  speedtest\n`, exitCode: 0 };
        }
        return { stdout: `${bytes.length} 5:rewritten|./speedtest\n`, exitCode: 0 };
      };
    const options = async (run: RunInContainer) => ({
      hostRoot: dir,
      containerRoot: '/bench',
      run,
      signal: new AbortController().signal,
      timeoutMs: 50,
      intervalMs: 10,
      tool: 'docker-sync',
      since: { host: (await scanHost(dir)).stamps, container: new Map([['speedtest', '5:before']]) },
    });

    it('waits for it to come back when the bytes differ, and names it', async () => {
      await expect(waitForSameContent(await options(containerWith('new bytes')))).rejects.toThrow(
        /1 file\(s\) rewritten in the container never came back to the host \(speedtest\)/,
      );
    });

    it('has nothing to wait for when the host already holds the same bytes', async () => {
      const agreed = await waitForSameContent(await options(containerWith('old bytes')));
      expect(agreed.agreement.container.get('speedtest')).toBe('5:rewritten');
      expect(agreed.agreement.host.get('speedtest')).toMatch(/^\d+:\d+$/);
    });
  });

  describe('one way, host to container (Compose Watch)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-content-oneway-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'page.txt'), 'v1');
    const container =
      (stamp: string): RunInContainer =>
      async () => ({
        // The container also holds what the workload wrote there, which never travels back.
        stdout: `2 ${stamp}|./page.txt\n9 7:written|./speedtest\n`,
        exitCode: 0,
      });
    const base = (run: RunInContainer) => ({
      hostRoot: dir,
      containerRoot: '/bench',
      run,
      signal: new AbortController().signal,
      timeoutMs: 50,
      intervalMs: 10,
      tool: 'compose watch',
      oneWay: true,
    });

    it('agrees once every host file is there, whatever else the container wrote', async () => {
      const agreed = await waitForSameContent(base(container('3:first')));
      expect(agreed.agreement.container.get('speedtest')).toBe('7:written');
      // The same listing fails both ways: the container's own file never came to the host.
      await expect(waitForSameContent({ ...base(container('3:first')), oneWay: false })).rejects.toThrow(
        /1 file\(s\) never arrived on the host \(speedtest\)/,
      );
    });

    it('waits for a host rewrite of the same size to reach the container, and names it', async () => {
      const since = { host: (await scanHost(dir)).stamps, container: new Map([['page.txt', '3:first']]) };
      writeFileSync(join(dir, 'page.txt'), 'v2');
      // Same size; only the checksum tells: the container still holds v1.
      const stale: RunInContainer = async (script) =>
        script.includes('md5sum')
          ? { stdout: `${createHash('md5').update('v1').digest('hex')}  page.txt\n`, exitCode: 0 }
          : container('3:first')(script, new AbortController().signal);
      await expect(waitForSameContent({ ...base(stale), since })).rejects.toThrow(
        /1 file\(s\) rewritten on the host never reached the container \(page.txt\)/,
      );
      const arrived = await waitForSameContent({ ...base(container('4:second')), since });
      expect(arrived.agreement.container.get('page.txt')).toBe('4:second');
    });
  });
});
