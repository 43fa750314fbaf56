import { describe, expect, it } from 'vitest';
import type { Stats } from '../../shared/result-schema';
import { BUFFERED_READ_FILE, bufferedRead } from './buffered-read';
import { fixtureFacts } from './fixture-facts';
import { workloadCases } from './workload';

const stats = (median: number) => ({ median }) as Stats;

describe('buffered-read', () => {
  it('lays one file: 64 MiB by default, 4 MiB when quick', () => {
    for (const [size, bytes] of [
      ['default', 64 * 1024 * 1024],
      ['quick', 4 * 1024 * 1024],
    ] as const) {
      const facts = fixtureFacts(bufferedRead.fixture(bufferedRead.sizes[size])!);
      expect(facts).toMatchObject({ files: 1, dirs: 0, bytes, paths: [BUFFERED_READ_FILE] });
    }
  });

  it('has one case per read size, each counting one operation per read() call', () => {
    const cases = workloadCases(bufferedRead, bufferedRead.sizes.default);
    expect(cases.map((c) => [c.id, c.opsPerSample, c.script])).toEqual([
      ['128', 524_288, `dd if=${BUFFERED_READ_FILE} of=/dev/null bs=128`],
      ['1024', 65_536, `dd if=${BUFFERED_READ_FILE} of=/dev/null bs=1024`],
    ]);
    expect(cases.every((c) => c.reset === undefined)).toBe(true);
  });

  it('derives ns per read call and MB/s from the median', () => {
    const [small, large] = workloadCases(bufferedRead, bufferedRead.sizes.default);
    expect(small.derive(stats(0.524288)).nsPerOp).toBeCloseTo(1000, 9);
    expect(large.derive(stats(0.065536)).nsPerOp).toBeCloseTo(1000, 9);
    expect(small.derive(stats(0.524288)).mbPerSecond).toBeCloseTo(67108864 / 1e6 / 0.524288, 9);
  });

  it('refuses a file size that is not a whole number of reads', () => {
    expect(() => workloadCases(bufferedRead, { fileBytes: 1000 })).toThrow(/not a multiple of 128/);
  });

  it('has no single script: its results come from the cases', () => {
    expect(() => bufferedRead.script(bufferedRead.sizes.quick)).toThrow(/workloadCases/);
  });
});
