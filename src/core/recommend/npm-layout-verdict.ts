// Which of npm-install's four layouts was fastest in a run (shared/npm-layouts.ts names them), and
// by how much against the next, with the ratio interval every other comparison uses.
import { workloadKey } from '../../shared/comparison';
import { npmLayoutOf, npmLayoutWords, type NpmLayoutVerdict } from '../../shared/npm-layouts';
import type { WorkloadResult } from '../../shared/result-schema';
import { excludesOne, ratioInterval } from '../stats/ratio-interval';

export function npmLayoutVerdict(results: readonly WorkloadResult[]): NpmLayoutVerdict | null {
  const measured = results
    .filter((r) => workloadKey(r.workload.id, r.workload.case) === 'npm-install' && npmLayoutOf(r.backend))
    .sort((a, b) => a.stats.median - b.stats.median);
  if (measured.length < 2) return null;
  const [first, second] = measured;
  const interval = ratioInterval(second.stats.samples, first.stats.samples);
  return {
    rows: measured.map((r) => ({
      layout: npmLayoutOf(r.backend)!,
      backendId: r.backend.id,
      words: npmLayoutWords(r.backend)!,
      median: r.stats.median,
    })),
    lead: interval ? { ratio: interval.ratio, low: interval.low, high: interval.high } : null,
    decided: interval !== null && excludesOne(interval),
  };
}
