import { describe, expect, it } from 'vitest';
import { modifiedZScores, OUTLIER_THRESHOLD, outlierIndexes } from './outliers';

describe('modified z-scores (hyperfine outlier_detection.rs)', () => {
  it('uses hyperfine threshold of 10 robust standard deviations', () => {
    expect(OUTLIER_THRESHOLD).toBeCloseTo(14.826, 12);
  });

  it('scores (x - median) / MAD with no 0.6745 factor', () => {
    // 1 2 3 4 100: median 3; |x-3| = 2 1 0 1 97 → MAD 1; scores -2 -1 0 1 97
    expect(modifiedZScores([1, 2, 3, 4, 100])).toEqual([-2, -1, 0, 1, 97]);
  });

  it('returns nothing for no samples', () => {
    expect(modifiedZScores([])).toEqual([]);
    expect(outlierIndexes([])).toEqual([]);
  });

  // The cases of hyperfine's own test_detect_outliers, so our flags match hyperfine's.
  it.each([
    [[50], []],
    // median 500, MAD 500, scores ±1
    [[1000, 0], []],
    // median 0, MAD 0.2, scores -1 0 1
    [[-0.2, 0, 0.2], []],
    // median 0.1, |x-0.1| = .3 .1 .1 3.9 → MAD 0.2, z(4) = 19.5
    [[-0.2, 0, 0.2, 4], [3]],
    // median 0.30, |x-0.3| = .2 0 .01 .01 0 → MAD 0.01, z(0.5) = 20
    [[0.5, 0.3, 0.29, 0.31, 0.3], [0]],
    [
      [
        2.33269488, 1.42195907, -0.57527698, -0.31293437, 2.2948158, 0.75813273, -1.0712388, -0.96394741,
        -1.15897446, 1.10976285,
      ],
      [],
    ],
    [
      [
        2.33269488, 1.42195907, -0.57527698, -0.31293437, 2.2948158, 0.75813273, -1.0712388, -0.96394741,
        -1.15897446, 1.10976285, 20, -500,
      ],
      [10, 11],
    ],
  ])('%j → outliers at %j', (xs, expected) => {
    expect(outlierIndexes(xs)).toEqual(expected);
  });

  it('gives identical samples a score of 0 even though MAD is 0', () => {
    expect(modifiedZScores([7, 7, 7])).toEqual([0, 0, 0]);
  });
});
