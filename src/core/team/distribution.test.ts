import { describe, expect, it } from 'vitest';
import { distribution } from './distribution';

describe('distribution', () => {
  it('gives the five numbers with quartiles interpolated (type 7), in any input order', () => {
    expect(distribution([5, 1, 4, 2, 3])).toEqual({ n: 5, min: 1, q1: 2, median: 3, q3: 4, max: 5 });
    expect(distribution([4, 3, 2, 1])).toEqual({ n: 4, min: 1, q1: 1.75, median: 2.5, q3: 3.25, max: 4 });
  });

  it('has one machine as a degenerate box and nothing for no figures', () => {
    expect(distribution([0.7])).toEqual({ n: 1, min: 0.7, q1: 0.7, median: 0.7, q3: 0.7, max: 0.7 });
    expect(distribution([])).toBeNull();
  });
});
