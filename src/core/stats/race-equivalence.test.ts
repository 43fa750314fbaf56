// Close backends end on an answer: at Quick, twins are called equivalent within ±10 %, and a race
// whose spread is too wide for its cap to call either way stops as futile, saying what it could
// have seen, instead of burning the cap. Seeded twins, raced look after look as the runner does.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/seeded-random';
import { EQUIVALENCE_MARGINS, withinMargin } from '../../shared/equivalence-margin';
import { FUTILITY_FROM_SAMPLES, futileRace, raceLook, racePolicy, type RaceOutcome } from './race';

/** Setup's Quick preset: racing from 3 samples, capped at 20, at Quick's margin. */
const QUICK = racePolicy({ runs: 3, maxRuns: 20, size: 'quick' });
const STANDARD = racePolicy({ runs: 3, maxRuns: 20, size: 'default' });
/** Setup's Standard preset: racing from 3 samples, capped at 30, at Standard's margin. */
const STANDARD_PRESET = racePolicy({ runs: 3, maxRuns: 30, size: 'default' });

function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One race of two backends `ratio` apart, samples spread by `spread` (log-normal). */
function race(
  seed: number,
  spread: number,
  policy = QUICK,
  ratio = 1,
): { outcome: RaceOutcome; samples: number; resolvable?: number } {
  const random = seededRandom(seed);
  const lanes: number[][] = [[], []];
  for (;;) {
    lanes[0].push(0.3 * Math.exp(spread * normal(random)));
    lanes[1].push(0.3 * ratio * Math.exp(spread * normal(random)));
    const look = raceLook(lanes, [0, 1], policy);
    if (look.outcome) return { outcome: look.outcome, samples: lanes[0].length, resolvable: look.resolvable };
  }
}

function outcomes(spread: number, policy = QUICK, ratio = 1, seeds = 40): Record<RaceOutcome, number> {
  const count: Record<RaceOutcome, number> = { tied: 0, decided: 0, futile: 0, cap: 0 };
  for (let seed = 1; seed <= seeds; seed++) count[race(seed, spread, policy, ratio).outcome] += 1;
  return count;
}

describe('the equivalence margin', () => {
  it('is ±10 % at Quick and ±5 % at Standard, in the race policy the runner and the result file use', () => {
    expect(EQUIVALENCE_MARGINS).toEqual({ quick: 0.1, default: 0.05 });
    expect(QUICK.tieMargin).toBe(0.1);
    expect(STANDARD.tieMargin).toBe(0.05);
    // A size this build does not know is held to the stricter margin.
    expect(racePolicy({ runs: 3, size: 'huge' }).tieMargin).toBe(0.05);
  });

  it('calls Quick twins whose samples spread by 5 % equivalent, where ±5 % could not', () => {
    const quick = outcomes(0.05);
    expect(quick.tied).toBeGreaterThanOrEqual(32);
    expect(quick.decided).toBeLessThanOrEqual(2);
    const standard = outcomes(0.05, STANDARD);
    expect(standard.tied).toBeLessThan(quick.tied / 2);
  });

  it("ties Standard's twins spread by 5 % at the preset's cap more often than not: two one-sided tests per pair", () => {
    // Read off the two-sided interval at the per-look level (a tie at half that level per side),
    // 34 of 100 tied here; Standard's A/A bench ended equivalent 15 of 20 times that way.
    const standard = outcomes(0.05, STANDARD_PRESET, 1, 100);
    expect(standard.tied).toBeGreaterThanOrEqual(50);
    expect(standard.decided).toBeLessThanOrEqual(5);
  });

  it("calls backends exactly a margin apart equivalent at most at the race's error rate", () => {
    // A tie's error: equivalent called where the true ratio is at the margin's edge. At most
    // alpha (5 %) over all looks, whatever the spread.
    for (const spread of [0.02, 0.05, 0.08]) {
      const standard = outcomes(spread, STANDARD_PRESET, 1 + STANDARD_PRESET.tieMargin, 200);
      expect(standard.tied).toBeLessThanOrEqual(10);
    }
    for (const spread of [0.05, 0.1]) {
      const quick = outcomes(spread, QUICK, 1 + QUICK.tieMargin, 200);
      expect(quick.tied).toBeLessThanOrEqual(10);
    }
  });

  it('shows the intervals a tie was read off: each within the margin, none decided', () => {
    const random = seededRandom(3);
    const lanes: number[][] = [[], [], []];
    let look = raceLook(lanes, [0, 1, 2], STANDARD_PRESET);
    while (!look.outcome) {
      for (const lane of lanes) lane.push(0.3 * Math.exp(0.02 * normal(random)));
      look = raceLook(lanes, [0, 1, 2], STANDARD_PRESET);
    }
    expect(look.outcome).toBe('tied');
    expect(look.comparisons).toHaveLength(3);
    for (const c of look.comparisons) {
      expect(c.decided).toBe(false);
      expect(withinMargin(c.interval, STANDARD_PRESET.tieMargin)).toBe(true);
    }
  });

  it('still decides backends 2 × apart, and never calls them equivalent', () => {
    const count = outcomes(0.15, QUICK, 2);
    expect(count.decided).toBe(40);
  });
});

describe('the futility stop', () => {
  it('stops twins too noisy for the cap before it, with the difference the cap could have seen', () => {
    const ends = Array.from({ length: 40 }, (_, i) => race(i + 1, 0.2));
    const futile = ends.filter((e) => e.outcome === 'futile');
    expect(futile.length).toBeGreaterThanOrEqual(30);
    for (const e of futile) {
      expect(e.samples).toBeGreaterThanOrEqual(FUTILITY_FROM_SAMPLES);
      expect(e.samples).toBeLessThan(QUICK.maxSamples);
      // The cap could only have told apart a difference wider than the margin.
      expect(e.resolvable).toBeGreaterThan(1 + QUICK.tieMargin / 2);
    }
    // Wrongly calling one twin faster stays rare.
    expect(ends.filter((e) => e.outcome === 'decided').length).toBeLessThanOrEqual(2);
  });

  it('is not said before six samples, nor of a pair the cap could still decide or tie', () => {
    const random = seededRandom(7);
    const noisy = () => 0.3 * Math.exp(0.3 * normal(random));
    const five = [Array.from({ length: 5 }, noisy), Array.from({ length: 5 }, noisy)];
    expect(futileRace(five, [0, 1], QUICK)).toBeNull();
    // Tight samples 30 % apart: the cap decides them, so the race goes on.
    const apart = [
      [0.3, 0.31, 0.29, 0.3, 0.32, 0.3],
      [0.39, 0.4, 0.38, 0.41, 0.39, 0.4],
    ];
    expect(futileRace(apart, [0, 1], QUICK)).toBeNull();
    // Tight twins: the cap shows them equivalent.
    const twins = [
      [0.3, 0.31, 0.29, 0.3, 0.3, 0.3],
      [0.3, 0.3, 0.31, 0.29, 0.3, 0.31],
    ];
    expect(futileRace(twins, [0, 1], QUICK)).toBeNull();
  });
});
