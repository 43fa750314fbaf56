import { describe, expect, it } from 'vitest';
import { firstRunDiffers } from './first-run';

describe('firstRunDiffers', () => {
  // warm = [1.0, 1.1, 0.9, 1.0, 1.0]: mean 1.0, s = √(0.02/4) = 0.0707, t(0.975, 4) = 2.7764,
  // half-width = 2.7764 · 0.0707 · √1.2 = 0.2151, so the interval is 0.785 … 1.215.
  const warm = [1.0, 1.1, 0.9, 1.0, 1.0];
  it('calls a first run outside the prediction interval different', () => {
    expect(firstRunDiffers(1.22, warm)).toBe(true);
    expect(firstRunDiffers(0.78, warm)).toBe(true);
  });
  it('calls a first run inside it the same', () => {
    expect(firstRunDiffers(1.21, warm)).toBe(false);
    expect(firstRunDiffers(0.79, warm)).toBe(false);
  });
  it('cannot judge against a single warm run', () => {
    expect(firstRunDiffers(5, [1])).toBe(false);
  });
});
