import { describe, expect, it } from 'vitest';
import { holmRejects } from './holm';

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
