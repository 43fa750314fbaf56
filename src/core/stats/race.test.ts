import { describe, expect, it } from 'vitest';
import { holmRejects } from './holm';
import { loneRaceOver, loneSamples, perLookAlpha, raceLook, racePolicy, type RacePolicy } from './race';

const policy: RacePolicy = { minSamples: 5, maxSamples: 30, alpha: 0.05, tieMargin: 0.05, futilityFrom: 6 };

/** Deterministic noise: a fixed pattern of ±spread around the mean. */
function samples(mean: number, n: number, spread: number): number[] {
  const pattern = [0, 1, -1, 0.5, -0.5, 0.8, -0.8, 0.3, -0.3, 0.1];
  return Array.from({ length: n }, (_, i) => mean * (1 + spread * pattern[i % pattern.length]));
}

describe('raceLook', () => {
  it('waits for the minimum samples before any call', () => {
    const look = raceLook([samples(1, 4, 0.01), samples(10, 4, 0.01)], [0, 1], policy);
    expect(look).toEqual({ leaving: [], outcome: null, comparisons: [] });
  });

  it('sends a clearly slower backend away and decides the leader', () => {
    const look = raceLook([samples(1, 5, 0.02), samples(5, 5, 0.02)], [0, 1], policy);
    expect(look.leaving).toEqual([{ lane: 1, slowerThan: 0 }]);
    expect(look.outcome).toBe('decided');
    expect(look.comparisons[0].decided).toBe(true);
  });

  it('keeps racing backends it cannot tell apart yet, and stops them at the cap undecided', () => {
    const noisy = [samples(1, 5, 0.3), samples(1.05, 5, 0.3)];
    expect(raceLook(noisy, [0, 1], policy).outcome).toBeNull();
    const capped = [samples(1, 30, 0.3), samples(1.05, 30, 0.3)];
    const look = raceLook(capped, [0, 1], policy);
    expect(look.outcome).toBe('cap');
    expect(look.leaving).toEqual([]);
  });

  it('calls a tie only when the interval lies within the practical margin', () => {
    const tight = [samples(1, 10, 0.01), samples(1.01, 10, 0.01)];
    expect(raceLook(tight, [0, 1], policy).outcome).toBe('tied');
    // The same means with wide intervals are not a tie: the interval reaches past ±5 %. Below six
    // samples the race goes on; from six, a spread the cap could not resolve ends it as futile.
    const wide = [samples(1, 5, 0.2), samples(1.01, 5, 0.2)];
    expect(raceLook(wide, [0, 1], policy).outcome).toBeNull();
    const wider = [samples(1, 10, 0.2), samples(1.01, 10, 0.2)];
    expect(raceLook(wider, [0, 1], policy).outcome).toBe('futile');
  });

  it('removes the slow one of three and races the two close ones on', () => {
    const lanes = [samples(1, 5, 0.15), samples(1.1, 5, 0.15), samples(8, 5, 0.02)];
    const look = raceLook(lanes, [0, 1, 2], policy);
    expect(look.leaving.map((l) => l.lane)).toEqual([2]);
    expect(look.outcome).toBeNull();
  });

  it('only looks at the lanes still racing', () => {
    const lanes = [samples(1, 6, 0.01), samples(9, 3, 0.01), samples(1.3, 6, 0.01)];
    const look = raceLook(lanes, [0, 2], policy);
    expect(look.leaving).toEqual([{ lane: 2, slowerThan: 0 }]);
    expect(look.comparisons.every((c) => c.a !== 1 && c.b !== 1)).toBe(true);
  });

  it('tests each look at alpha over the most looks, then Holm over the pairs', () => {
    expect(perLookAlpha(policy)).toBeCloseTo(0.05 / 26, 12);
    const lanes = [samples(1, 7, 0.1), samples(1.12, 7, 0.1), samples(1.3, 7, 0.1)];
    const look = raceLook(lanes, [0, 1, 2], policy);
    // The calls are exactly Holm's at the per-look level, recomputed here from the pairs' p-values.
    const expected = holmRejects(
      look.comparisons.map((c) => c.interval.p),
      perLookAlpha(policy),
    );
    expect(look.comparisons.map((c) => c.decided)).toEqual(expected);
  });
});

describe('racePolicy', () => {
  it('takes the request runs as the minimum (at least 3) and maxRuns as the cap', () => {
    expect(racePolicy({ runs: 5 })).toMatchObject({ minSamples: 5, maxSamples: 30 });
    expect(racePolicy({ runs: 1, maxRuns: 12 })).toMatchObject({ minSamples: 3, maxSamples: 12 });
    expect(racePolicy({ runs: 40 })).toMatchObject({ minSamples: 40, maxSamples: 40 });
  });
});

describe('a backend alone in its role', () => {
  const quick = racePolicy({ runs: 3, maxRuns: 20 });

  it('takes at least ten samples, not the minimum of three', () => {
    expect(loneSamples(quick)).toBe(10);
    expect(loneRaceOver(3, false, quick)).toBe(false);
    expect(loneRaceOver(9, false, quick)).toBe(false);
    expect(loneRaceOver(10, false, quick)).toBe(true);
  });

  it('keeps sampling while the other role still races, up to the cap', () => {
    expect(loneRaceOver(10, true, quick)).toBe(false);
    expect(loneRaceOver(19, true, quick)).toBe(false);
    expect(loneRaceOver(20, true, quick)).toBe(true);
  });

  it('never goes past the cap, and never below a larger minimum', () => {
    expect(loneSamples(racePolicy({ runs: 3, maxRuns: 8 }))).toBe(8);
    expect(loneRaceOver(8, true, racePolicy({ runs: 3, maxRuns: 8 }))).toBe(true);
    expect(loneSamples(racePolicy({ runs: 12, maxRuns: 30 }))).toBe(12);
  });
});
