// A time ratio with its interval, hyperfine-style: "1.26 × (1.05 … 1.50)". Shared so the CLI and
// the dashboard print the same words.

export interface RatioWithInterval {
  ratio: number;
  low: number;
  high: number;
}

/** A ratio to three figures at most: "1.26", "14.4", "132". */
export function ratioFigure(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/**
 * "12 %": how far a ratio lies from 1, for the smallest difference a race or a sweep could still
 * miss (1.12: differences under about 12 %), never below 1 %.
 */
export function differencePercent(factor: number): string {
  return `${Math.max(1, Math.round((factor - 1) * 100))} %`;
}

export function formatRatioInterval(r: RatioWithInterval): string {
  return `${ratioFigure(r.ratio)} × (${ratioFigure(r.low)} … ${ratioFigure(r.high)})`;
}
