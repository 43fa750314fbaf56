// The pull stream in the engine's own format (POST /images/create answers one JSON object per
// line, as `curl …/images/create?fromImage=…` shows): two layers to download, one already present.
import { describe, expect, it } from 'vitest';
import { pullWords } from '../../shared/pull-progress';
import { PullProgressTracker } from './pull-progress';

const STREAM = [
  '{"status":"Pulling from library/node","id":"20-alpine"}',
  '{"status":"Already exists","progressDetail":{},"id":"c6a83fedfae6"}',
  '{"status":"Pulling fs layer","progressDetail":{},"id":"4f4fb700ef54"}',
  '{"status":"Pulling fs layer","progressDetail":{},"id":"9b3a2f7c1d0e"}',
  '{"status":"Waiting","progressDetail":{},"id":"9b3a2f7c1d0e"}',
  '{"status":"Downloading","progressDetail":{"current":524288,"total":2097152},"progress":"[============>      ]  524.3kB/2.097MB","id":"4f4fb700ef54"}',
  '{"status":"Downloading","progressDetail":{"current":1048576,"total":4194304},"progress":"[=====>       ]  1.049MB/4.194MB","id":"9b3a2f7c1d0e"}',
  '{"status":"Verifying Checksum","progressDetail":{},"id":"4f4fb700ef54"}',
  '{"status":"Download complete","progressDetail":{},"id":"4f4fb700ef54"}',
  '{"status":"Extracting","progressDetail":{"current":32768,"total":2097152},"progress":"[>   ]  32.77kB/2.097MB","id":"4f4fb700ef54"}',
  '{"status":"Pull complete","progressDetail":{},"id":"4f4fb700ef54"}',
  '{"status":"Downloading","progressDetail":{"current":4194304,"total":4194304},"id":"9b3a2f7c1d0e"}',
  '{"status":"Download complete","progressDetail":{},"id":"9b3a2f7c1d0e"}',
  '{"status":"Pull complete","progressDetail":{},"id":"9b3a2f7c1d0e"}',
  '{"status":"Digest: sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}',
  '{"status":"Status: Downloaded newer image for node:20-alpine"}',
].map((line) => JSON.parse(line) as unknown);

describe('reading the pull stream', () => {
  it('counts layers and downloaded bytes, leaving out a layer already present and the extract pass', () => {
    const tracker = new PullProgressTracker();
    const seen = STREAM.map((event) => tracker.add(event));
    // Before any size is known there is no fraction, only the engine's word.
    expect(seen[0]).toMatchObject({ status: 'Pulling from library/node', fraction: null });
    expect(seen[3]).toMatchObject({ layers: { done: 1, total: 3 }, fraction: null });
    // Both sizes known: 0.5 MiB + 1 MiB of 2 MiB + 4 MiB.
    expect(seen[6].fraction).toBeCloseTo(1.5 / 6);
    expect(seen[6].bytes).toEqual({ done: 1.5 * 1024 ** 2, total: 6 * 1024 ** 2 });
    // Extracting reports the same layer's bytes again: the download figure does not go back.
    expect(seen[9].bytes.done).toBe(3 * 1024 ** 2);
    expect(seen[10].layers).toEqual({ done: 2, total: 3 });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ fraction: 1, layers: { done: 3, total: 3 } });
    expect(pullWords(last)).toBe('3 of 3 layers · 6.0 MiB of 6.0 MiB');
  });

  it('ignores what is not a pull event and keeps the layer count bounded', () => {
    const tracker = new PullProgressTracker();
    for (const junk of [null, 'text', 42, { id: '../../etc', status: 'Downloading' }, { id: 7 }])
      expect(tracker.add(junk).layers.total).toBe(0);
    expect(
      tracker.add({ status: 'Downloading', id: 'abcdef', progressDetail: { current: -1, total: 'x' } }).bytes,
    ).toEqual({ done: 0, total: null });
    for (let i = 0; i < 1500; i++)
      tracker.add({ status: 'Pulling fs layer', id: i.toString(16).padStart(12, '0') });
    expect(tracker.add({}).layers.total).toBe(1000);
  });

  it("says the engine's status until a layer is known", () => {
    expect(
      pullWords({
        status: 'Pulling from library/node',
        layers: { done: 0, total: 0 },
        bytes: { done: 0, total: null },
      }),
    ).toBe('Pulling from library/node');
    expect(
      pullWords({ status: 'Waiting', layers: { done: 0, total: 2 }, bytes: { done: 0, total: null } }),
    ).toBe('0 of 2 layers');
  });
});
