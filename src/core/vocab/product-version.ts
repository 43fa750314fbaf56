// Products rename their settings between versions, so an action needs the user's version; a
// version we cannot read is refused rather than guessed.
import { MountbenchError } from '../../shared/errors';

export type Version = readonly [major: number, minor: number, patch: number];

export function parseProductVersion(product: string, text: string): Version {
  const match = /^v?(\d{1,4})\.(\d{1,4})(?:\.(\d{1,6}))?(?:[-+.\s].*)?$/.exec(text.trim());
  if (!match) {
    throw new MountbenchError(
      'BAD_INPUT',
      `cannot read "${text}" as a ${product} version (expected e.g. 1.20.1)`,
    );
  }
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/** a >= b, comparing major.minor.patch. */
export function atLeast(a: Version, b: Version): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}
