// One statistic per claim (docs/methodology.md): over many seeded samples, no verdict disagrees with
// the interval printed beside it, in the ranking's 95 % comparison and in the race's Holm calls.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/seeded-random';
import { holmRejects } from './holm';
import { perLookAlpha, raceLook, type RacePolicy } from './race';
import { excludesOne } from './ratio-interval';
import { compareTimes } from './significance';
import { mean, sampleStandardDeviation } from './descriptive';

/** Log-normal-ish timings: a mean, a relative spread and n, from one seeded generator. */
function draw(random: () => number, centre: number, spread: number, n: number): number[] {
  return Array.from({ length: n }, () => {
    // Box–Muller: two uniforms make one normal deviate.
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return centre * Math.exp(spread * z);
  });
}

function summary(xs: number[]) {
  return { mean: mean(xs), stddev: sampleStandardDeviation(xs), runs: xs.length };
}

describe('one statistic per claim', () => {
  it('compareTimes: "faster"/"slower" exactly when its 95 % interval excludes 1, and p agrees', () => {
    const random = seededRandom(19);
    let differ = 0;
    let same = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const n = 3 + Math.floor(random() * 28);
      const m = 3 + Math.floor(random() * 28);
      const spread = 0.02 + random() * 0.8;
      // Ratios from equal to 3 ×, most of them near the edge of significance.
      const ratio = 1 + random() ** 2 * 2;
      const a = summary(draw(random, 1, spread, n));
      const b = summary(draw(random, ratio, spread * (0.3 + random() * 2), m));
      const c = compareTimes(a, b);
      expect(c.interval).not.toBeNull();
      const excluded = excludesOne(c.interval!);
      expect(c.verdict === 'faster' || c.verdict === 'slower').toBe(excluded);
      // The p printed beside it is the same test's: below 5 % exactly when the interval excludes 1
      // (away from rounding at the edge itself).
      if (Math.abs((c.p ?? 1) - 0.05) > 1e-9) expect((c.p ?? 1) < 0.05).toBe(excluded);
      // Its direction is the ratio's.
      if (excluded) expect(c.verdict).toBe(c.ratio < 1 ? 'faster' : 'slower');
      if (excluded) differ += 1;
      else same += 1;
    }
    // Both kinds of answer were exercised, not one of them only.
    expect(differ).toBeGreaterThan(300);
    expect(same).toBeGreaterThan(300);
  });

  it('raceLook: a pair is decided exactly when the interval it shows excludes 1, and that is Holm', () => {
    const random = seededRandom(1919);
    const policy: RacePolicy = {
      minSamples: 3,
      maxSamples: 30,
      alpha: 0.05,
      tieMargin: 0.05,
      futilityFrom: 6,
    };
    let decided = 0;
    let open = 0;
    for (let trial = 0; trial < 1500; trial++) {
      const lanes = 2 + Math.floor(random() * 4);
      const n = 3 + Math.floor(random() * 20);
      const spread = 0.02 + random() * 0.5;
      const samples = Array.from({ length: lanes }, () => draw(random, 1 + random() * 1.5, spread, n));
      const look = raceLook(
        samples,
        samples.map((_, i) => i),
        policy,
      );
      for (const c of look.comparisons) {
        expect(c.decided).toBe(excludesOne(c.interval));
        if (c.decided) decided += 1;
        else open += 1;
      }
      // The calls are Holm's at the per-look level on the same p-values.
      const holm = holmRejects(
        look.comparisons.map((c) => c.interval.p),
        perLookAlpha(policy),
      );
      expect(look.comparisons.map((c) => c.decided)).toEqual(holm);
      // A backend sent away is decided slower than the one named, by an interval above 1.
      for (const exit of look.leaving) {
        const c = look.comparisons.find(
          (x) =>
            (x.a === exit.lane && x.b === exit.slowerThan) || (x.b === exit.lane && x.a === exit.slowerThan),
        );
        expect(c?.decided).toBe(true);
        const slowOverFast = c!.a === exit.lane ? c!.interval.low : 1 / c!.interval.high;
        expect(slowOverFast).toBeGreaterThan(1);
      }
    }
    expect(decided).toBeGreaterThan(200);
    expect(open).toBeGreaterThan(200);
  });
});
