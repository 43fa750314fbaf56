// A recorded recommendation whose every rival is 1.30× (1.20 … 1.40) as long as the fastest on
// each workload: an interval that excludes 1, yet judged against a drift of `factor` between a
// sweep's settings, so no measurable difference (RankedBackend.withinDrift).
import type { Recommendation } from '../../../shared/recommendation';

export function withinDrift(rec: Recommendation, factor: number): Recommendation {
  return {
    ...rec,
    rankings: rec.rankings.map((r) => ({
      ...r,
      entries: r.entries.map((e) =>
        e.ratio === 1
          ? e
          : {
              ...e,
              ratio: 1.3,
              interval: { low: 1.2, high: 1.4 },
              verdict: 'no-measurable-difference' as const,
              withinDrift: factor,
            },
      ),
    })),
  };
}
