// How many timed samples a race takes, in numbers both sides need: the core's race policy
// (core/stats/race.ts) and what the dashboard and the estimates say about it. One source, so the
// words "at most 20" and the estimate's longest time are the rule the runner applies.

/** The fewest samples before a race's first look (from two, a Welch interval decides nothing). */
export const RACE_MIN_SAMPLES_FLOOR = 3;

/** A race's cap when the request names none. */
export const RACE_DEFAULT_MAX_SAMPLES = 30;

/**
 * A backend alone in its role keeps sampling to at least this many (never past the cap): it is the
 * one the answer for its role rests on, and deciding it at the minimum left it the least measured.
 */
export const LONE_MIN_SAMPLES = 10;

export interface RaceSampleBounds {
  /** Samples every backend takes before the race may drop it. */
  min: number;
  /** The cap. */
  max: number;
  /** The least a backend alone in its role takes. */
  lone: number;
}

export function raceSampleBounds(request: { runs: number; maxRuns?: number }): RaceSampleBounds {
  const min = Math.max(RACE_MIN_SAMPLES_FLOOR, request.runs);
  const max = Math.max(min, request.maxRuns ?? RACE_DEFAULT_MAX_SAMPLES);
  return { min, max, lone: Math.min(max, Math.max(min, LONE_MIN_SAMPLES)) };
}
