// The special functions behind Student's t: ln Γ and the regularized incomplete beta function.
// Written out here (rather than pulled from a package) because they are short, well known, and
// the only numerical code Mountbench needs. Accuracy is ~1e-14 relative for the arguments the
// t distribution uses (a = df / 2, b = 1 / 2).
import { MountbenchError } from '../../shared/errors';

// Lanczos approximation, g = 7, nine terms: the standard published coefficients.
const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function lnGamma(x: number): number {
  if (!(x > 0)) throw new MountbenchError('INTERNAL', `lnGamma needs a positive argument, got ${x}`);
  if (x < 0.5) {
    // Reflection keeps the series in the range where it is accurate: Γ(x)Γ(1-x) = π / sin(πx).
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const TINY = 1e-300;
const EPS = 1e-16;
// Convergence takes on the order of sqrt(max(a, b)) terms; this allows df in the hundreds of millions.
const MAX_TERMS = 100_000;

/** Continued fraction for I_x(a, b), evaluated with the modified Lentz method. */
function betaContinuedFraction(a: number, b: number, x: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_TERMS; m++) {
    const m2 = 2 * m;
    // Even term d_{2m}.
    let coef = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + coef * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + coef / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    // Odd term d_{2m+1}.
    coef = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + coef * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + coef / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) return h;
  }
  throw new MountbenchError('INTERNAL', `Incomplete beta did not converge for a=${a}, b=${b}, x=${x}`);
}

/** I_x(a, b) = B(x; a, b) / B(a, b), for a, b > 0 and 0 ≤ x ≤ 1. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0) || !(x >= 0 && x <= 1)) {
    throw new MountbenchError(
      'INTERNAL',
      `Incomplete beta needs a, b > 0 and 0 ≤ x ≤ 1 (a=${a}, b=${b}, x=${x})`,
    );
  }
  if (x === 0) return 0;
  if (x === 1) return 1;
  const lnFront = a * Math.log(x) + b * Math.log1p(-x) + lnGamma(a + b) - lnGamma(a) - lnGamma(b);
  const front = Math.exp(lnFront);
  // The fraction converges fast only left of the mean (a+1)/(a+b+2); on the right use the symmetry
  // I_x(a, b) = 1 - I_{1-x}(b, a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}
