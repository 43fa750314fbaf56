import { describe, expect, it } from 'vitest';
import { barExtent } from './grouped-bars';
import { logDomain, logTicks, tickTime } from './log-axis';

describe('log axis', () => {
  it('spans whole powers of ten around the data, whiskers included', () => {
    const figures = [
      { group: 'g', groupLabel: 'g', series: 's', seriesLabel: 's', mean: 0.0018, stddev: 0.0037 },
    ];
    // The lower whisker stops at a tenth of the mean: 0.18 ms.
    expect(logDomain(barExtent(figures, true))).toEqual([0.0001, 0.01]);
    expect(logTicks([0.0001, 0.01])).toEqual([0.0001, 0.001, 0.01]);
  });

  it('never starts at zero', () => {
    expect(logDomain([0, 0])).toEqual([0.001, 1]);
    expect(logDomain([1, 1])).toEqual([1, 10]);
  });

  it('labels ticks as round numbers', () => {
    expect(tickTime(0.1)).toBe('100 ms');
    expect(tickTime(1.4)).toBe('1.4 s');
    expect(tickTime(2.1)).toBe('2.1 s');
    expect(tickTime(0.00001)).toBe('10 µs');
    expect(tickTime(0)).toBe('0 s');
  });
});
