// One dependency-folder verdict for the tests of what shows it (exports, Results).
import type { DependencySplit } from '../dependency-split';

export function sampleDependencySplit(overrides: Partial<DependencySplit> = {}): DependencySplit {
  return {
    folder: 'node_modules',
    workloadKey: 'custom',
    plain: 'docker-engine/native/bind',
    split: 'docker-engine/native/bind+node_modules-volume',
    plainLabel: 'bind mount · native',
    speedup: { ratio: 3.1, low: 2.8, high: 3.4 },
    verdict: 'faster',
    ...overrides,
  };
}
