// What a futile race says (core/stats/race.ts, futileRace): the backends are closer than this size
// can see, so more samples at it would not decide them. Said with the smallest difference the cap
// could have seen and the way to see finer ones, in every view that words a race's end.
import { differencePercent } from './format-ratio';
import type { FutileRace } from './race-undecided';

const SIZE_WORDS: Record<string, string> = { quick: 'Quick', default: 'Standard' };

/**
 * "cannot tell them apart at Quick size (metadata-walk): differences under about 12 % are below
 * what it can see; Standard size sees finer ones".
 */
export function futileWords(races: readonly FutileRace[], size: string | undefined, who = 'them'): string {
  const widest = Math.max(1, ...races.map((r) => r.resolvable));

  const sizeName = (size !== undefined && SIZE_WORDS[size]) || 'this';
  const finer =
    size === 'quick'
      ? 'Standard size sees finer ones'
      : 'a larger --max-runs or a quieter machine may see finer ones';
  return (
    `cannot tell ${who} apart at ${sizeName} size (${races.map((r) => r.workloadKey).join(', ')}): ` +
    `differences under about ${differencePercent(widest)} are below what it can see; ${finer}`
  );
}
