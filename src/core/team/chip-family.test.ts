import { describe, expect, it } from 'vitest';
import { chipFamily } from './chip-family';

describe('chipFamily', () => {
  it.each([
    ['Apple M1', 'arm64', 'M1'],
    ['Apple M1 Pro', 'arm64', 'M1'],
    ['Apple M2 Max', 'arm64', 'M2'],
    ['Apple M3 Ultra', 'arm64', 'M3'],
    ['Apple M4', 'arm64', 'M4'],
    ['Intel(R) Core(TM) i9-9980HK CPU @ 2.40GHz', 'x86_64', 'Intel'],
    ['AMD EPYC 7763 64-Core Processor', 'x86_64', 'AMD'],
    ['Neoverse-N1', 'arm64', 'other arm64'],
    ['', 'x86_64', 'other'],
  ])('reads %j (%s) as %s', (chip, arch, family) => {
    expect(chipFamily({ chip, arch })).toBe(family);
  });
});
