import { describe, expect, it } from 'vitest';
import { compareRows } from './compare-groups';
import { testRow } from './test-support/test-rows';

describe('compareRows', () => {
  it('ranks each machine’s backends against its own fastest, with Welch’s verdict', () => {
    const [group] = compareRows([
      testRow({ backend: 'slow', mean: 1.5, stddev: 0.01 }),
      testRow({ backend: 'fast', mean: 1.0, stddev: 0.05 }),
      // 0.5 % slower with a 5 % spread over 10 runs: inside the noise.
      testRow({ backend: 'same', mean: 1.005, stddev: 0.05 }),
      testRow({ backend: 'once', mean: 1.2, stddev: null, runs: 1 }),
    ]);
    const entries = group.machines[0].entries;
    expect(entries.map((e) => [e.row.backend.key, e.verdict])).toEqual([
      ['fast', 'fastest'],
      ['same', 'no-measurable-difference'],
      ['once', 'not-enough-runs'],
      ['slow', 'slower'],
    ]);
    expect(entries.map((e) => e.ratio)).toEqual([1, 1.005, 1.2, 1.5]);
    expect(entries[0].p).toBeNull();
    expect(entries[1].p).toBeGreaterThan(0.5);
    expect(entries[2].p).toBeNull();
    expect(entries[3].p).toBeLessThan(1e-6);
  });

  it('never ranks one machine against another', () => {
    const groups = compareRows([
      testRow({ machine: 'intel', backend: 'virtiofs', mean: 37.8, stddev: 6 }),
      testRow({ machine: 'm1', backend: 'virtiofs', mean: 5.2, stddev: 0.1 }),
      testRow({ machine: 'intel', backend: 'grpc', mean: 25, stddev: 1 }),
    ]);
    expect(groups).toHaveLength(1);
    const [intel, m1] = groups[0].machines;
    expect(intel.label).toBe('Machine intel');
    expect(intel.entries.map((e) => [e.row.backend.key, e.verdict])).toEqual([
      ['grpc', 'fastest'],
      ['virtiofs', 'slower'],
    ]);
    expect(m1.entries).toHaveLength(1);
    expect(m1.entries[0].verdict).toBe('fastest');
  });

  it('compares batched workloads per operation', () => {
    const [group] = compareRows([
      testRow({ backend: 'a', workload: 'buffered-read:128', mean: 2, stddev: 0.02, opsPerSample: 1000 }),
      testRow({ backend: 'b', workload: 'buffered-read:128', mean: 0.1, stddev: 0.001, opsPerSample: 100 }),
    ]);
    expect(group.perOperation).toBe(true);
    const [fastest, other] = group.machines[0].entries;
    expect(fastest.row.backend.key).toBe('b');
    expect(fastest.mean).toBeCloseTo(0.001, 15);
    expect(fastest.stddev).toBeCloseTo(0.00001, 15);
    expect(other.ratio).toBeCloseTo(2, 12);
  });

  it('keeps quick-size runs apart, and puts published figures with the default size', () => {
    const groups = compareRows([
      testRow({ backend: 'quick', size: 'quick', mean: 0.1 }),
      testRow({ backend: 'full', size: 'default', mean: 5 }),
      testRow({ backend: 'paper', published: true, mean: 6 }),
    ]);
    expect(groups.map((g) => [g.workloadKey, g.size, g.machines[0].entries.length])).toEqual([
      ['small-file-read', 'quick', 1],
      ['small-file-read', 'default', 2],
    ]);
  });

  it('tells apart two machines that print alike', () => {
    const a = testRow({ machine: 'x', backend: 'b', mean: 1 });
    const b = { ...testRow({ machine: 'y', backend: 'b', mean: 1 }) };
    b.machine = { ...b.machine, label: a.machine.label };
    const labels = compareRows([a, b])[0].machines.map((m) => m.label);
    expect(labels).toEqual(['Machine x [key-x]', 'Machine x [key-y]']);
  });

  it('returns nothing for nothing', () => {
    expect(compareRows([])).toEqual([]);
  });
});
