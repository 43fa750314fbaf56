// Pairs each dependency-folder twin with its plain bind backend and says whether the volume made
// the project faster, by the same ratio interval the rankings use (core/stats/ratio-interval.ts).
import type { DependencySplit } from '../../shared/dependency-split';
import { workloadKey } from '../../shared/comparison';
import type { WorkloadResult } from '../../shared/result-schema';
import { ratioInterval } from '../stats/ratio-interval';

export function dependencySplits(results: readonly WorkloadResult[]): DependencySplit[] {
  const found: DependencySplit[] = [];
  for (const split of results) {
    const folder = split.backend.dependencyVolume;
    if (!folder) continue;
    const key = workloadKey(split.workload.id, split.workload.case);
    const plainId = split.backend.id.slice(0, -`+${folder}-volume`.length);
    const plain = results.find(
      (r) =>
        r.backend.id === plainId &&
        !r.backend.dependencyVolume &&
        workloadKey(r.workload.id, r.workload.case) === key,
    );
    if (!plain) continue;
    const interval = ratioInterval(plain.stats.samples, split.stats.samples);
    const verdict: DependencySplit['verdict'] = !interval
      ? 'not-enough-runs'
      : interval.low > 1
        ? 'faster'
        : interval.high < 1
          ? 'slower'
          : 'no-measurable-difference';
    found.push({
      folder,
      workloadKey: key,
      plain: plain.backend.id,
      split: split.backend.id,
      plainLabel: plain.backend.label,
      speedup: interval ? { ratio: interval.ratio, low: interval.low, high: interval.high } : null,
      verdict,
    });
  }
  return found;
}
