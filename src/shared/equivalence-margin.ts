// The margin within which two backends are called equivalent: their ratio's interval lies wholly
// inside 1 ± margin. One rule for the race's stop (core/stats/race.ts), the recommendation's
// relation to the leader (core/recommend/leader-relation.ts) and the words every view says it in.
//
// It widens at Quick: a Quick fixture is small, so a sample's noise is a larger part of its time,
// and ±5 % there took most of a race's cap to show, or never did (two A/A twins ran to Quick's cap
// on a quiet machine without being called either different or tied). ±10 % is still well inside
// the differences a file-sharing setting makes (1.5–100 ×); Standard keeps ±5 %.
import type { SizeName } from './ids';

export const EQUIVALENCE_MARGINS: Readonly<Record<SizeName, number>> = { quick: 0.1, default: 0.05 };

/** The margin for a size; a size this build does not know gets the stricter one. */
export function equivalenceMargin(size: string | undefined): number {
  return size !== undefined && Object.hasOwn(EQUIVALENCE_MARGINS, size)
    ? EQUIVALENCE_MARGINS[size as SizeName]
    : Math.min(...Object.values(EQUIVALENCE_MARGINS));
}

/** Whether a ratio's interval lies wholly within 1 ± margin: the two sides are equivalent. */
export function withinMargin(interval: { low: number; high: number }, margin: number): boolean {
  return interval.low >= 1 / (1 + margin) && interval.high <= 1 + margin;
}

/** "10 %". */
export function marginPercent(margin: number): string {
  return `${Math.round(margin * 1000) / 10} %`;
}

/** "±10 %". */
export function marginWords(margin: number): string {
  return `±${marginPercent(margin)}`;
}

/** " within ±10 %" after "equivalent", or nothing for an answer made before it carried a margin. */
export function withinMarginWords(margin: number | undefined): string {
  return margin ? ` within ${marginWords(margin)}` : '';
}
