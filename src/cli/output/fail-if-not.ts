// `mountbench run --profile P --fail-if-not TARGET`: CI keeps its chosen setting only while the
// measurements still recommend it. A tie counts as a pass: a setting with no measurable difference
// from the leader is still a right answer, and a job must not flap on noise.
import type { BackendRef, Recommendation } from '../../shared/recommendation';

/** Exit status when the recommendation is not TARGET (1 is an error, 2 bad usage, 130 cancelled). */
export const RECOMMENDATION_CHANGED_EXIT = 3;

/**
 * TARGET names a backend by its key (`docker-desktop/virtiofs/bind`), by the key's last parts
 * (`virtiofs/bind`, `bind`) or by its label, ignoring case.
 */
export function backendMatches(backend: BackendRef, target: string): boolean {
  const wanted = target.trim().toLowerCase();
  if (!wanted) return false;
  const key = backend.key.toLowerCase();
  return key === wanted || key.endsWith(`/${wanted}`) || backend.label.trim().toLowerCase() === wanted;
}

/** Null when the recommendation is TARGET (or ties with it), else the sentence to print. */
export function failIfNot(rec: Recommendation, target: string): string | null {
  const first =
    rec.verdict === 'no-measurable-difference' || rec.verdict === 'not-decided'
      ? rec.tied
      : rec.choice
        ? [rec.choice]
        : [];
  if (first.some((backend) => backendMatches(backend, target))) return null;
  if (first.length === 0) return `--fail-if-not ${target}: no recommendation could be made (${rec.reason})`;
  return `--fail-if-not ${target}: the recommendation is ${first.map((b) => `${b.label} (${b.key})`).join(' or ')}`;
}
