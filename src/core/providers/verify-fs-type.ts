// The second half of every verify: the filesystem the bench container's bind mount is really on
// must be one the variant serves, or the figures would be another setting's.
import type { VerifyResult } from './provider';

export function verifyFsType(
  variantLabel: string,
  expected: readonly string[],
  observedFsType: string | null,
  reported: string | null,
): VerifyResult {
  if (!observedFsType) {
    return {
      ok: false,
      reported,
      message: 'the bench container reported no filesystem type for its bind mount',
    };
  }
  // No expectation on record (e.g. an unconfirmed product): nothing to check against.
  if (expected.length && !expected.includes(observedFsType)) {
    return {
      ok: false,
      reported,
      message: `the bind mount is on ${observedFsType}, but ${variantLabel} serves bind mounts as ${expected.join(' or ')}: the figures would not be ${variantLabel}'s.`,
    };
  }
  return { ok: true, reported };
}
