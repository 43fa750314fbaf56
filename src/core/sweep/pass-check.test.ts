import { describe, expect, it } from 'vitest';
import { sampleWorkloadResult } from '../store/test-support/run-fixture';
import { summarize } from '../stats';
import { checkPasses } from './pass-check';

function withSamples(samples: number[]) {
  return { ...sampleWorkloadResult(), warnings: [], stats: summarize(samples) };
}

describe('checkPasses (reverse second pass of a sweep)', () => {
  it('records both intervals and agrees when they overlap', () => {
    const [checked] = checkPasses(
      [withSamples([1.0, 1.02, 0.98, 1.01])],
      [withSamples([1.01, 0.99, 1.03, 1.0])],
    );
    expect(checked.passCheck?.agrees).toBe(true);
    expect(checked.passCheck?.second.runs).toBe(4);
    expect(checked.passCheck?.first.mean).toBeCloseTo(1.0025, 6);
    expect(checked.warnings).toEqual([]);
    // The result's own figures stay the first pass's.
    expect(checked.stats.samples).toEqual([1.0, 1.02, 0.98, 1.01]);
  });

  it('flags a setting whose passes do not overlap, with both intervals in words', () => {
    const [checked] = checkPasses(
      [withSamples([1.0, 1.02, 0.98, 1.01])],
      [withSamples([1.5, 1.52, 1.49, 1.51])],
    );
    expect(checked.passCheck?.agrees).toBe(false);
    expect(checked.warnings).toHaveLength(1);
    expect(checked.warnings[0]).toMatch(
      /^The two passes disagree: 1\.002 s \(.+\) in the first pass, 1\.505 s \(.+\) when the settings ran again in reverse order/,
    );
  });

  it('checks only the same backend and workload, and needs two samples a pass', () => {
    const other = {
      ...withSamples([9, 9.1]),
      backend: { ...sampleWorkloadResult().backend, id: 'elsewhere' },
    };
    const [unmatched] = checkPasses([withSamples([1, 1.1])], [other]);
    expect(unmatched.passCheck).toBeUndefined();
    const [single] = checkPasses([withSamples([1])], [withSamples([1.2])]);
    expect(single.passCheck).toBeUndefined();
  });
});
