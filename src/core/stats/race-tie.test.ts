// Is "tied within ±5 %" reachable in a Quick run (issue 22)? Twins drawn, seeded, from one
// distribution, raced with Quick's policy (3 to 20 samples) look after look as the runner does.
// A tie needs the look's interval, at alpha over the looks, inside 1 ± 5 %: that takes samples whose
// spread (σ / mean) is a few per cent. Short samples (20-40 ms) spread by 15 % or more and never
// tie; batched to a few hundred ms (stats/batch-size.ts) they can, on a machine quiet enough.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/seeded-random';
import { raceLook, racePolicy, type RaceOutcome } from './race';

/**
 * Setup's Quick preset (renderer/src/lib/presets.ts): racing from 3 samples, capped at 20; with no
 * size named, the stricter margin (±5 %) this file was written for. race-equivalence.test.ts has
 * Quick's own ±10 %.
 */
const QUICK = racePolicy({ runs: 3, maxRuns: 20 });

function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One A/A race: round after round, a sample of each twin, then a look, until it ends. */
function twinRace(seed: number, spread: number): { outcome: RaceOutcome; samples: number } {
  const random = seededRandom(seed);
  const twins: number[][] = [[], []];
  for (;;) {
    for (const lane of twins) lane.push(0.3 * Math.exp(spread * normal(random)));
    const { outcome } = raceLook(twins, [0, 1], QUICK);
    if (outcome) return { outcome, samples: twins[0].length };
  }
}

function outcomes(spread: number, seeds = 100): Record<RaceOutcome, number> {
  const count: Record<RaceOutcome, number> = { tied: 0, decided: 0, futile: 0, cap: 0 };
  for (let seed = 1; seed <= seeds; seed++) count[twinRace(seed, spread).outcome] += 1;
  return count;
}

describe("the tie rule at a Quick run's size", () => {
  it('is reached by twins whose samples spread by 2 %, within the 20 samples Quick allows', () => {
    const count = outcomes(0.02);
    expect(count.tied).toBeGreaterThanOrEqual(95);
    // Every race ended before the cap; none wrongly called one twin faster more than alpha allows.
    expect(count.cap + count.futile).toBe(0);
    expect(count.decided).toBeLessThanOrEqual(5);
  });

  it('is reached most of the time at 3 %, and rarely past 4 %: why a sample must be long', () => {
    expect(outcomes(0.03, 60).tied).toBeGreaterThanOrEqual(50);
    expect(outcomes(0.05, 60).tied).toBeLessThanOrEqual(15);
  });

  it('is never reached by the spread of 20-40 ms samples (twin ratios 0.75-1.25 in issue 22)', () => {
    const count = outcomes(0.15);
    expect(count.tied).toBe(0);
    expect(count.cap + count.decided + count.futile).toBe(100);
  });

  it('never ties twins 10 % apart, however tight their samples', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const random = seededRandom(seed);
      const twins: number[][] = [[], []];
      let outcome: RaceOutcome | null = null;
      while (!outcome) {
        twins[0].push(0.3 * Math.exp(0.02 * normal(random)));
        twins[1].push(0.33 * Math.exp(0.02 * normal(random)));
        outcome = raceLook(twins, [0, 1], QUICK).outcome;
      }
      expect(outcome).not.toBe('tied');
    }
  });
});
