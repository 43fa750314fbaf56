import { describe, expect, it } from 'vitest';
import { holmLevels, holmRejects } from './holm';

describe('holmRejects', () => {
  it('tests the smallest p at alpha/m, the next at alpha/(m-1), and stops at the first kept', () => {
    // m = 3: thresholds 0.0167, 0.025, 0.05.
    expect(holmRejects([0.01, 0.02, 0.04], 0.05)).toEqual([true, true, true]);
    expect(holmRejects([0.01, 0.03, 0.04], 0.05)).toEqual([true, false, false]);
    expect(holmRejects([0.02, 0.001, 0.5], 0.05)).toEqual([true, true, false]);
  });

  it('rejects more than Bonferroni but never a p above alpha', () => {
    // Bonferroni at 0.05/3 would keep 0.02; Holm rejects it once 0.001 is out of the way.
    expect(holmRejects([0.001, 0.02], 0.05)).toEqual([true, true]);
    expect(holmRejects([0.06], 0.05)).toEqual([false]);
  });

  it('keeps everything when nothing is tested, and treats NaN as not significant', () => {
    expect(holmRejects([], 0.05)).toEqual([]);
    expect(holmRejects([Number.NaN, 0.001], 0.05)).toEqual([false, true]);
  });
});

describe('holmLevels', () => {
  it('gives each rejected p its own step and every kept p the first kept step', () => {
    // m = 3: 0.01 rejected at 0.05/3, 0.03 kept at 0.05/2, so 0.04 is judged at 0.05/2 too.
    const levels = holmLevels([0.04, 0.01, 0.03], 0.05);
    expect(levels[1]).toBeCloseTo(0.05 / 3, 12);
    expect(levels[2]).toBeCloseTo(0.05 / 2, 12);
    expect(levels[0]).toBeCloseTo(0.05 / 2, 12);
    // Rejected exactly when p is below its level: the interval at that level excludes 1.
    for (const ps of [
      [0.04, 0.01, 0.03],
      [0.01, 0.02, 0.04],
      [0.2, 0.001, 0.03, 0.011],
    ]) {
      const levelsOf = holmLevels(ps, 0.05);
      expect(ps.map((p, i) => p <= levelsOf[i])).toEqual(holmRejects(ps, 0.05));
    }
  });
});
