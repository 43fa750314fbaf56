import { describe, expect, it } from 'vitest';
import { comparisonText } from './compare-table';
import { machineRatios, machineRatioWords } from './machine-ratios';
import { publishedRows } from './rows-from-published';
import { testRow } from './test-support/test-rows';

describe('machineRatios', () => {
  it('states the published M1 Pro against the Intel 2017 per backend and workload', () => {
    const umitron = publishedRows().filter(
      (r) => r.source.kind === 'published' && r.source.sourceId === 'umitron-2021',
    );
    const ratios = machineRatios(umitron);
    expect(ratios.length).toBeGreaterThan(0);
    const virtiofs = ratios.find(
      (r) => r.workloadKey === 'small-file-read' && /VirtioFS · bind/.test(r.backendLabel),
    );
    expect(virtiofs).toBeDefined();
    // One machine against the other, never one against itself.
    expect(virtiofs!.machine.key).not.toBe(virtiofs!.reference.key);
    expect(virtiofs!.ratio).toBeCloseTo(
      umitron.find(
        (r) =>
          r.machine.key === virtiofs!.machine.key &&
          r.backend.key === virtiofs!.backendKey &&
          r.workload.key === 'small-file-read',
      )!.mean /
        umitron.find(
          (r) =>
            r.machine.key === virtiofs!.reference.key &&
            r.backend.key === virtiofs!.backendKey &&
            r.workload.key === 'small-file-read',
        )!.mean,
      10,
    );
    if (virtiofs!.interval) {
      expect(virtiofs!.interval.low).toBeLessThan(virtiofs!.ratio);
      expect(virtiofs!.interval.high).toBeGreaterThan(virtiofs!.ratio);
    }
    expect(machineRatioWords(virtiofs!)).toMatch(
      /^.+: Docker Desktop · VirtioFS · bind, small-file-read in [\d.]+ ×.* the .+ time/,
    );
    expect(comparisonText(umitron)).toContain('machine against machine:');
  });

  it('uses the samples where both sides have them', () => {
    const a = { ...testRow({ machine: 'm1', backend: 'bind', mean: 1 }), samples: [0.9, 1.0, 1.1, 1.0] };
    const b = { ...testRow({ machine: 'intel', backend: 'bind', mean: 2 }), samples: [1.9, 2.0, 2.1, 2.0] };
    const [r] = machineRatios([b, a]);
    expect(r).toMatchObject({
      basis: 'samples',
      reference: { key: 'key-intel' },
      machine: { key: 'key-m1' },
    });
    expect(r.ratio).toBeCloseTo(0.5, 10);
    expect(r.interval!.low).toBeLessThan(0.5);
    expect(r.interval!.high).toBeGreaterThan(0.5);
    expect(machineRatioWords(r, { machine: 'M1', reference: 'Intel' })).toMatch(
      /^M1: bind, small-file-read in 0\.50 × \(0\.\d\d … 0\.\d\d\) the Intel time$/,
    );
  });

  it('says a ratio of published means has no interval when a side gives no spread', () => {
    const a = testRow({ machine: 'm1', backend: 'bind', mean: 1, stddev: null, published: true });
    const b = testRow({ machine: 'intel', backend: 'bind', mean: 4, stddev: null, published: true });
    const [r] = machineRatios([b, a]);
    expect(r).toMatchObject({ basis: 'means-only', interval: null, ratio: 0.25 });
    expect(machineRatioWords(r, { machine: 'M1', reference: 'Intel' })).toBe(
      'M1: bind, small-file-read in 0.25 × the Intel time (a ratio of means: no interval, a side gives no spread)',
    );
  });

  it('compares only a backend both machines measured, and nothing for one machine alone', () => {
    const rows = [
      testRow({ machine: 'm1', backend: 'bind', mean: 1 }),
      testRow({ machine: 'intel', backend: 'volume', mean: 2 }),
    ];
    expect(machineRatios(rows)).toEqual([]);
    expect(machineRatios([testRow({ machine: 'm1', backend: 'bind', mean: 1 })])).toEqual([]);
  });

  it('names two runs of one machine apart, by their groups, not by the chip they share', () => {
    const before = { ...testRow({ machine: 'x', backend: 'bind', mean: 2 }), samples: [1.9, 2.0, 2.1, 2.0] };
    const after = { ...testRow({ machine: 'x', backend: 'bind', mean: 1 }), samples: [0.9, 1.0, 1.1, 1.0] };
    const runOf = (row: typeof before, when: string) => ({
      ...row,
      machine: {
        ...row.machine,
        key: `${row.machine.key}#${when}`,
        label: `${row.machine.label} · run of ${when}`,
      },
    });
    const [ratio] = machineRatios([runOf(before, '10:00 UTC'), runOf(after, '11:00 UTC')]);
    expect(ratio.machine.short).toBe('chip (run of 11:00 UTC)');
    expect(ratio.reference.short).toBe('chip (run of 10:00 UTC)');
    expect(machineRatioWords(ratio)).toMatch(
      /^chip \(run of 11:00 UTC\): bind, .* the chip \(run of 10:00 UTC\) time/,
    );
  });
});
