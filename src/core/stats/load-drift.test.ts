import { describe, expect, it } from 'vitest';
import { largestLoadChange, loadChangeWarning } from './load-drift';

describe('the load over the rounds', () => {
  it('says nothing while the load stays within half of the round before', () => {
    expect(loadChangeWarning([2, 2.5, 3.6, 3, 2])).toBeNull();
    expect(loadChangeWarning([])).toBeNull();
    expect(loadChangeWarning([7])).toBeNull();
  });

  it('names the largest change of more than half, rising or falling, with the rounds it came between', () => {
    expect(largestLoadChange([1.2, 1.3, 4.8, 5])).toEqual({ round: 3, from: 1.3, to: 4.8 });
    expect(loadChangeWarning([1.2, 1.3, 4.8, 5])).toBe(
      "The machine's load rose from 1.30 to 4.80 between rounds 2 and 3 (loads over the rounds: 1.20 to " +
        '5.00): other work started or stopped while this was measured, so these figures may not compare ' +
        'with the others. Re-run on a quiet machine to be sure.',
    );
    expect(largestLoadChange([8, 7.5, 3.2])).toEqual({ round: 3, from: 7.5, to: 3.2 });
    expect(loadChangeWarning([8, 7.5, 3.2])).toMatch(/^The machine's load fell from 7.50 to 3.20/);
  });

  it('counts a quiet machine as load 1: 0.1 to 0.4 is no change worth saying, 0.2 to 1.8 is', () => {
    expect(largestLoadChange([0.1, 0.4, 0.3])).toBeNull();
    expect(largestLoadChange([0.2, 1.8])).toEqual({ round: 2, from: 0.2, to: 1.8 });
  });

  it('skips a round whose load could not be read', () => {
    expect(largestLoadChange([2, Number.NaN, 6])).toBeNull();
  });
});
