import { describe, expect, it } from 'vitest';
import { rankWorkload, rankWorkloads } from './rank';
import { makeRow, samplesAround } from './test-support/make-row';

describe('rankWorkload', () => {
  it('puts a clearly faster backend first and calls the slower one significantly slower', () => {
    const native = makeRow({ variant: 'native', workload: 'small-file-read', samples: samplesAround(0.3) });
    const fuse = makeRow({ variant: 'fuse', workload: 'small-file-read', samples: samplesAround(0.45) });
    const r = rankWorkload([fuse, native]);
    expect(r.entries.map((e) => [e.backend.key, e.place, e.verdict])).toEqual([
      ['docker-engine/native/bind', 1, 'fastest'],
      ['docker-engine/fuse/bind', 2, 'slower'],
    ]);
    expect(r.entries[1].ratio).toBeCloseTo(1.5, 12);
    expect(r.entries[1].p).toBeLessThan(1e-6);
  });

  it('gives two backends with the same distribution a shared first place', () => {
    const a = makeRow({ variant: 'native', workload: 'dd-write', samples: samplesAround(2) });
    // The same ten times in another order: the same distribution, so the same mean and spread.
    const b = makeRow({ variant: 'twin', workload: 'dd-write', samples: [...samplesAround(2)].reverse() });
    const r = rankWorkload([a, b]);
    expect(r.entries.map((e) => e.place)).toEqual([1, 1]);
    expect(r.entries[1].verdict).toBe('no-measurable-difference');
    expect(r.entries[1].p).toBeCloseTo(1, 9);
  });

  it('counts places as in a race when a noisy backend is within the noise of the fastest', () => {
    const fast = makeRow({ variant: 'a', workload: 'dd-write', mean: 1.0, stddev: 0.01, runs: 10 });
    const tight = makeRow({ variant: 'b', workload: 'dd-write', mean: 1.1, stddev: 0.01, runs: 10 });
    const noisy = makeRow({ variant: 'c', workload: 'dd-write', mean: 1.2, stddev: 1.0, runs: 10 });
    const r = rankWorkload([tight, noisy, fast]);
    expect(r.entries.map((e) => [e.backend.key.split('/')[1], e.place, e.verdict])).toEqual([
      ['a', 1, 'fastest'],
      ['c', 1, 'no-measurable-difference'],
      ['b', 3, 'slower'],
    ]);
  });

  it('does not judge single runs, but still orders them', () => {
    const a = makeRow({ variant: 'a', workload: 'site-build', mean: 38, runs: 1 });
    const b = makeRow({ variant: 'b', workload: 'site-build', mean: 220, runs: 1 });
    const r = rankWorkload([b, a]);
    expect(r.entries.map((e) => [e.backend.key, e.place, e.verdict, e.p])).toEqual([
      ['docker-engine/a/bind', 1, 'fastest', null],
      ['docker-engine/b/bind', 2, 'not-enough-runs', null],
    ]);
  });

  it('compares time per operation when backends batched different numbers of operations', () => {
    // 2 s for 1,000 reads (2 ms each) is faster than 1 s for 100 reads (10 ms each).
    const many = makeRow({
      variant: 'many',
      workload: 'buffered-read',
      workloadCase: '128',
      samples: samplesAround(2),
      opsPerSample: 1000,
    });
    const few = makeRow({
      variant: 'few',
      workload: 'buffered-read',
      workloadCase: '128',
      samples: samplesAround(1),
      opsPerSample: 100,
    });
    const r = rankWorkload([few, many]);
    expect(r.workloadKey).toBe('buffered-read:128');
    expect(r.entries[0].backend.key).toBe('docker-engine/many/bind');
    expect(r.entries[0].mean).toBeCloseTo(0.002, 12);
    expect(r.entries[1].ratio).toBeCloseTo(5, 9);
  });

  it('keeps the host baseline apart from the ranking', () => {
    const host = makeRow({ mount: 'host', workload: 'dd-write', samples: samplesAround(0.1) });
    const bind = makeRow({ workload: 'dd-write', samples: samplesAround(0.5) });
    const r = rankWorkload([host, bind]);
    expect(r.entries.map((e) => e.backend.key)).toEqual(['docker-engine/native/bind']);
    expect(r.entries[0].ratio).toBe(1);
    expect(r.baseline?.mean).toBeCloseTo(0.1, 12);
  });

  it('refuses two figures for one backend, and mixed workloads', () => {
    const a = makeRow({ workload: 'dd-write', mean: 1, runs: 1 });
    expect(() => rankWorkload([a, { ...a }])).toThrow(/two figures for dd-write/);
    expect(() => rankWorkload([a, makeRow({ variant: 'x', workload: 'small-file-read', mean: 1 })])).toThrow(
      /cannot rank small-file-read together with dd-write/,
    );
  });
});

describe('rankWorkloads', () => {
  it('ranks each workload key apart', () => {
    const rows = [
      makeRow({ variant: 'a', workload: 'dd-write', samples: samplesAround(1) }),
      makeRow({ variant: 'b', workload: 'dd-write', samples: samplesAround(3) }),
      makeRow({ variant: 'a', workload: 'small-file-read', samples: samplesAround(5) }),
      makeRow({ variant: 'b', workload: 'small-file-read', samples: samplesAround(2) }),
    ];
    const rankings = rankWorkloads(rows);
    expect(rankings.map((r) => [r.workloadKey, r.entries[0].backend.key])).toEqual([
      ['dd-write', 'docker-engine/a/bind'],
      ['small-file-read', 'docker-engine/b/bind'],
    ]);
  });
  it('refuses rows from two machines, naming them', () => {
    const rows = [
      makeRow({ machine: 'm1', workload: 'dd-write', mean: 1 }),
      makeRow({ machine: 'intel', variant: 'b', workload: 'dd-write', mean: 2 }),
    ];
    expect(() => rankWorkloads(rows)).toThrow(
      /2 machines: Machine m1 \(1 results\); Machine intel \(1 results\)/,
    );
  });
});
