// Two settings of a bracketed sweep whose intervals are too wide to call them equivalent: more
// samples would narrow the intervals, but not the drift between the passes, so when the machine
// drifted more than the margin the answer is "no measurable difference", said with the drift,
// instead of "keep measuring" for ever.
import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../../shared/comparison';
import { profileByName } from './profiles';
import { recommend } from './recommend';
import { makeRow } from './test-support/make-row';

// Quick size (a ±10 % margin); samples far too spread for an interval inside it.
function setting(variant: string, samples: number[], passDrift?: number): ComparisonRow {
  return {
    ...makeRow({ provider: 'docker-desktop', variant, workload: 'metadata-walk', size: 'quick', samples }),
    ...(passDrift !== undefined ? { passDrift } : {}),
  };
}

const VZ = [0.8, 1.1, 0.95, 1.25];
const QEMU = [0.9, 1.3, 1.05, 1.2];

describe('settings too close to tell apart across the drift between their passes', () => {
  it('measured once, they are not decided yet: more samples might decide', () => {
    const rec = recommend([setting('vz', VZ), setting('qemu', QEMU)], profileByName('balanced'));
    expect(rec.verdict).toBe('not-decided');
    expect(rec.roles?.[0]?.drift).toBeUndefined();
  });

  it('bracketed, with passes farther apart than the margin, there is no measurable difference', () => {
    const rec = recommend([setting('vz', VZ, 1.35), setting('qemu', QEMU, 1.12)], profileByName('balanced'));
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.roles?.[0]?.drift).toMatchObject({ factor: 1.35, workloadKey: 'metadata-walk' });
    expect(rec.reason).toMatch(/more samples would not separate them/);
  });

  it('bracketed, with passes closer than the margin, more samples still might decide', () => {
    const rec = recommend([setting('vz', VZ, 1.04), setting('qemu', QEMU, 1.06)], profileByName('balanced'));
    expect(rec.verdict).toBe('not-decided');
  });
});
