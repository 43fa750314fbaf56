import { describe, expect, it } from 'vitest';
import { confidenceInterval95, studentTCdf, studentTQuantile, studentTTwoSidedP } from './student-t';

// Independent check of the CDF: integrate the t density with composite Simpson's rule.
function tDensity(x: number, df: number): number {
  // Γ((ν+1)/2) / (√(νπ) Γ(ν/2)) (1 + x²/ν)^(-(ν+1)/2); ν = 4 → Γ(2.5)/(2√π·Γ(2)) = 3/8
  if (df !== 4) throw new Error('density only written out for df = 4');
  return (3 / 8) * (1 + (x * x) / 4) ** -2.5;
}
function simpson(f: (x: number) => number, a: number, b: number, n: number): number {
  const h = (b - a) / n;
  let s = f(a) + f(b);
  for (let i = 1; i < n; i++) s += f(a + i * h) * (i % 2 === 0 ? 2 : 4);
  return (s * h) / 3;
}

describe("Student's t", () => {
  // t(0.975, df) from printed t tables (and scipy.stats.t.ppf(0.975, df)).
  it.each([
    [1, 12.706204736174694],
    [2, 4.302652729749462],
    [4, 2.7764451051977934],
    [5, 2.5705818356363146],
    [9, 2.262157162798205],
    [10, 2.228138851986274],
    [30, 2.0422724563012378],
    [100, 1.9839715185235518],
    [1000, 1.9623390808264083],
  ])('97.5 %% quantile with df = %d', (df, expected) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(expected, 10);
  });

  it('is symmetric', () => {
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 12);
    expect(studentTQuantile(0.5, 7)).toBe(0);
    expect(studentTCdf(0, 3)).toBe(0.5);
    expect(studentTCdf(-1.3, 6) + studentTCdf(1.3, 6)).toBeCloseTo(1, 14);
  });

  it('has the closed form CDF at df = 1 (Cauchy) and df = 2', () => {
    for (const t of [-3, -0.4, 0.7, 5]) {
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 14);
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 14);
    }
  });

  it('agrees with numerical integration of the density (df = 4)', () => {
    for (const t of [0.5, 1.5, 2.7764451051977934]) {
      const integral = 0.5 + simpson((x) => tDensity(x, 4), 0, t, 2000);
      expect(studentTCdf(t, 4)).toBeCloseTo(integral, 11);
    }
  });

  it('keeps tiny two-sided p-values accurate', () => {
    // scipy: 2 * t.sf(3, 2), 2 * t.sf(10, 50)
    expect(studentTTwoSidedP(3, 2)).toBeCloseTo(0.09546596626670913, 14);
    expect(studentTTwoSidedP(10, 50) / 1.6077334688335447e-13).toBeCloseTo(1, 9);
    expect(studentTTwoSidedP(Infinity, 5)).toBe(0);
    expect(studentTTwoSidedP(0, 5)).toBe(1);
  });

  it('rejects impossible arguments', () => {
    expect(() => studentTQuantile(1, 3)).toThrow(/0 < p < 1/);
    expect(() => studentTQuantile(0.9, 0)).toThrow(/degrees of freedom/);
    expect(() => studentTTwoSidedP(Number.NaN, 3)).toThrow(/NaN/);
  });
});

describe('confidenceInterval95', () => {
  it('computes mean ± t·s/√n on a hand-worked vector', () => {
    // 1 2 3 4 5: mean 3, s² = (4+1+0+1+4)/4 = 2.5, s/√n = √(2.5/5) = √0.5 ≈ 0.70711
    // t(0.975, 4) = 2.7764451 → half width = 2.7764451 · 0.70711 ≈ 1.9632432
    const ci = confidenceInterval95([1, 2, 3, 4, 5]);
    expect(ci).not.toBeNull();
    expect(ci!.mean).toBe(3);
    expect(ci!.halfWidth).toBeCloseTo(2.7764451051977934 * Math.sqrt(0.5), 10);
    expect(ci!.lower).toBeCloseTo(3 - 1.9632432, 6);
    expect(ci!.upper).toBeCloseTo(3 + 1.9632432, 6);
    expect(ci!.relativeHalfWidth).toBeCloseTo(1.9632432 / 3, 6);
  });

  it('is null for one sample and zero-width for identical samples', () => {
    expect(confidenceInterval95([4.2])).toBeNull();
    expect(confidenceInterval95([2, 2, 2])).toMatchObject({
      mean: 2,
      halfWidth: 0,
      lower: 2,
      upper: 2,
      relativeHalfWidth: 0,
    });
  });
});
