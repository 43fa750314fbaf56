import { describe, expect, it } from 'vitest';
import type { Stats } from '../../shared/result-schema';
import { largeWrite, largeWriteFileName, largeWriteTotalBytes } from './large-write';
import { workloadCases } from './workload';

const stats = (median: number) => ({ median }) as Stats;

describe('large-write', () => {
  it('writes 5 files of 100 MB by default (500 MB, as published) and 5 of 8 MB when quick', () => {
    expect(largeWriteTotalBytes(largeWrite.sizes.default)).toBe(500_000_000);
    expect(largeWrite.sizes.default.files).toBe(5);
    expect(largeWriteTotalBytes(largeWrite.sizes.quick)).toBe(40_000_000);
    expect(largeWrite.fixture(largeWrite.sizes.default)).toBeNull();
  });

  it('times one dd per file from /dev/zero, and resets by removing the previous files', () => {
    const params = largeWrite.sizes.default;
    const [only] = workloadCases(largeWrite, params);
    const dds = only.script.split('\n');
    expect(dds).toHaveLength(5);
    dds.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(`^dd if=/dev/zero of=${largeWriteFileName(i)} bs=1000000 count=100 \\|\\| `),
      ),
    );
    expect(only.script).not.toMatch(/sync/);
    expect(only.reset).toBe('rm -f large-*.bin');
    expect(only.opsPerSample).toBe(1);
  });

  it('derives MB/s from the median time, and 0 for a zero time', () => {
    expect(largeWrite.derive(largeWrite.sizes.default, stats(0.5))).toEqual({ mbPerSecond: 1000 });
    expect(largeWrite.derive(largeWrite.sizes.default, stats(0))).toEqual({ mbPerSecond: 0 });
  });

  it('asks the folder for the room the files need', () => {
    expect(largeWrite.verifyScript!(largeWrite.sizes.default)).toContain(
      `-ge ${Math.ceil(500_000_000 / 1024)} ]`,
    );
  });
});
