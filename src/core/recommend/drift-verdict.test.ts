// Two settings of a sweep whose intervals are too wide to call them equivalent. A sweep cannot
// sample on across a restart, so "keep measuring" is no way on: when the machine drifted more than
// the margin between the passes the answer is "no measurable difference", said with the drift;
// otherwise it is "no measurable difference this sweep can see", said with how large a difference
// the intervals could still hide. Two backends of one run that are too close stay "not decided":
// there the race can sample on.
import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../../shared/comparison';
import { profileByName } from './profiles';
import { recommend } from './recommend';
import { makeRow } from './test-support/make-row';

// Quick size (a ±10 % margin); samples far too spread for an interval inside it. Each setting of a
// sweep is measured beside its control, the host baseline, here steady between the settings.
function setting(variant: string, samples: number[], passDrift?: number): ComparisonRow {
  return {
    ...makeRow({ provider: 'docker-desktop', variant, workload: 'metadata-walk', size: 'quick', samples }),
    control: { mean: 0.05, stddev: 0.001, runs: 10, fsType: 'apfs' },
    ...(passDrift !== undefined ? { passDrift } : {}),
  };
}

const VZ = [0.8, 1.1, 0.95, 1.25];
const QEMU = [0.9, 1.3, 1.05, 1.2];

describe('settings too close to tell apart across the drift between their passes', () => {
  it('measured once, nothing shows them apart: no measurable difference this sweep can see, and how fine it saw', () => {
    const rec = recommend([setting('vz', VZ), setting('qemu', QEMU)], profileByName('balanced'));
    expect(rec.verdict).toBe('no-measurable-difference');
    const answer = rec.roles?.[0];
    expect(answer?.drift).toBeUndefined();
    expect(answer?.resolution).toMatchObject({ workloadKey: 'metadata-walk', size: 'quick' });
    // The interval reaches past ±10 %, so what the sweep could miss is more than the margin.
    const { factor, interval } = answer!.resolution!;
    expect(factor).toBeGreaterThan(1.1);
    expect(factor).toBeCloseTo(Math.sqrt(interval.high / interval.low), 10);
    expect(interval.low).toBeLessThan(1);
    expect(interval.high).toBeGreaterThan(1);
    expect(rec.reason).toMatch(
      /^No measurable difference: .+ showed none on any weighted workload, but the widest interval is too wide to call them equivalent within ±10 % \(metadata-walk: .+\)\. A sweep measures each setting behind a restart and cannot sample on to narrow it, so differences under about \d+ % are below what this sweep can resolve; a Standard sweep sees finer ones\. .+ is the simplest setup among them\.$/,
    );
  });

  it('two variants of one run (no control, one pass), as close, are not decided yet: the race can sample on', () => {
    const one = (variant: string, samples: number[]) =>
      makeRow({ provider: 'docker-engine', variant, workload: 'metadata-walk', size: 'quick', samples });
    const rec = recommend([one('native', VZ), one('fuse', QEMU)], profileByName('balanced'));
    expect(rec.verdict).toBe('not-decided');
    expect(rec.roles?.[0]?.resolution).toBeUndefined();
  });

  it('settings that differ by 2× are still decided', () => {
    const rec = recommend(
      [
        setting('vz', VZ, 1.05),
        setting(
          'qemu',
          QEMU.map((x) => x * 2),
          1.05,
        ),
      ],
      profileByName('balanced'),
    );
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.key).toBe('docker-desktop/vz/bind');
  });

  it('bracketed, with passes farther apart than the margin, there is no measurable difference', () => {
    const rec = recommend([setting('vz', VZ, 1.35), setting('qemu', QEMU, 1.12)], profileByName('balanced'));
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.roles?.[0]?.drift).toMatchObject({ factor: 1.35, workloadKey: 'metadata-walk' });
    expect(rec.reason).toMatch(/more samples would not separate them/);
  });

  it('bracketed, with passes closer than the margin, the answer says how fine the sweep saw, not the drift', () => {
    const rec = recommend([setting('vz', VZ, 1.04), setting('qemu', QEMU, 1.06)], profileByName('balanced'));
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.roles?.[0]?.drift).toBeUndefined();
    expect(rec.roles?.[0]?.resolution?.factor).toBeGreaterThan(1.1);
  });

  it('within the margin, bracketed settings are equivalent, with neither drift nor resolution', () => {
    const tight = [1.0, 1.01, 0.99, 1.0, 1.02, 0.98];
    const rec = recommend(
      [setting('vz', tight, 1.02), setting('qemu', tight, 1.03)],
      profileByName('balanced'),
    );
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.roles?.[0]?.drift).toBeUndefined();
    expect(rec.roles?.[0]?.resolution).toBeUndefined();
    expect(rec.reason).toMatch(/^Equivalent: /);
  });
});
