// The dependency-folder verdict: the twin with the folder in a volume against the plain bind mount.
import { describe, expect, it } from 'vitest';
import { dependencySplitWords } from '../../shared/dependency-split';
import type { WorkloadResult } from '../../shared/result-schema';
import { summarize } from '../stats';
import { dependencySplits } from './dependency-split';

function result(id: string, samples: number[], dependencyVolume?: string): WorkloadResult {
  return {
    backend: {
      id,
      provider: 'docker-engine',
      variant: 'native',
      mount: 'bind',
      label: `bind · ${id}`,
      ...(dependencyVolume ? { dependencyVolume } : {}),
    },
    workload: { id: 'custom', size: 'default', params: {} },
    fsType: 'ext4',
    clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0 },
    cache: 'warm',
    warmupRuns: 1,
    stats: summarize(samples),
    derived: {},
    warnings: [],
  };
}

describe('the dependency folder in a volume against the plain bind mount', () => {
  it('says how many times faster, with its interval, when the interval is above 1', () => {
    const [split] = dependencySplits([
      result('docker-engine/native/bind', [3.0, 3.1, 3.2, 3.1, 3.0]),
      result('docker-engine/native/bind+node_modules-volume', [1.0, 1.02, 0.98, 1.01, 0.99], 'node_modules'),
    ]);
    expect(split).toMatchObject({
      folder: 'node_modules',
      plain: 'docker-engine/native/bind',
      verdict: 'faster',
    });
    expect(split.speedup!.ratio).toBeCloseTo(3.08, 2);
    expect(split.speedup!.low).toBeGreaterThan(1);
    expect(dependencySplitWords(split)).toMatch(
      /^keep `node_modules` in a volume: 3\.08 × \(\d\.\d\d … \d\.\d\d\) faster here than all on bind · docker-engine\/native\/bind$/,
    );
  });

  it('says no measurable difference when the interval holds 1, and asks for runs below two a side', () => {
    const even = dependencySplits([
      result('p', [1.0, 1.2, 0.9, 1.1]),
      result('p+.venv-volume', [1.1, 0.95, 1.05, 1.0], '.venv'),
    ]);
    expect(even[0].verdict).toBe('no-measurable-difference');
    const single = dependencySplits([result('p', [1.0]), result('p+.venv-volume', [0.5], '.venv')]);
    expect(single[0]).toMatchObject({ verdict: 'not-enough-runs', speedup: null });
    expect(dependencySplitWords(single[0])).toMatch(/two runs a side are needed/);
  });

  it('finds nothing without the plain twin', () => {
    expect(dependencySplits([result('p+target-volume', [1, 2], 'target')])).toEqual([]);
  });
});
