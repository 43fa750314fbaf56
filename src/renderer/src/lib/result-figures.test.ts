import { describe, expect, it } from 'vitest';
import type { WorkloadResult } from '../../../shared/result-schema';
import { hostRatios } from './result-figures';

type Check = WorkloadResult['baselineCheck'];

function result(mount: 'host' | 'bind', mean: number, baselineCheck?: Check): WorkloadResult {
  const id = mount === 'host' ? 'host' : 'docker-engine/native/bind';
  return {
    backend: { id, provider: mount === 'host' ? null : 'docker-engine', variant: null, mount, label: id },
    workload: { id: 'small-file-read', size: 'quick', params: {} },
    fsType: 'ext4',
    clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0 },
    cache: 'warm',
    warmupRuns: 1,
    stats: {
      samples: [mean],
      mean,
      stddev: null,
      median: mean,
      min: mean,
      max: mean,
      runs: 1,
      user: null,
      system: null,
      outliers: [],
    },
    derived: {},
    warnings: [],
    ...(baselineCheck ? { baselineCheck } : {}),
  };
}

const check = (outcome: 'agrees' | 'differs' | 'too-wide' | undefined, agrees: boolean): Check => ({
  against: 'docker-engine/native/bind',
  ratio: 1,
  low: 0.5,
  high: 2,
  agrees,
  ...(outcome ? { outcome } : {}),
  tolerance: 0.25,
});

describe('hostRatios and the host self-check', () => {
  const ratioWith = (c: Check) => {
    const bind = result('bind', 2);
    return hostRatios([result('host', 1, c), bind]).get(bind);
  };

  it('shows the ratio to a host that agreed, or whose check was too wide to say (with its warning)', () => {
    expect(ratioWith(check('agrees', true))).toBe(2);
    expect(ratioWith(check('too-wide', false))).toBe(2);
    expect(ratioWith(undefined)).toBe(2);
  });

  it('shows no ratio to a host shown to measure something else, in new files and old', () => {
    expect(ratioWith(check('differs', false))).toBeUndefined();
    expect(ratioWith(check(undefined, false))).toBeUndefined();
  });
});
