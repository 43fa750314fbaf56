// The profile score: how much longer than the fastest a backend takes on the profile's work, as the
// weighted geometric mean of its time ratios. A backend that lacks a weighted workload is ranked
// apart with the reason: scoring it without that workload would count it as if it were fast there.
import type {
  BackendRef,
  Profile,
  RankedBackend,
  ScoredBackend,
  UnscoredBackend,
  WorkloadRanking,
} from '../../shared/recommendation';
import { weightedGeometricMean } from './geometric-mean';
import { resolveWeights } from './profile-weights';

export interface ProfileScores {
  /** Best first. */
  scores: ScoredBackend[];
  unscored: UnscoredBackend[];
  /** Shares per workload key (sum 1); empty when nothing the profile weighs was measured. */
  weights: Record<string, number>;
  unmeasured: string[];
}

function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

export function scoreProfile(rankings: readonly WorkloadRanking[], profile: Profile): ProfileScores {
  const measured = rankings.filter((r) => r.entries.length > 0);
  const { shares, unmeasured } = resolveWeights(
    profile,
    measured.map((r) => r.workloadKey),
  );
  const byWorkload = new Map<string, Map<string, RankedBackend>>(
    measured.map((r) => [r.workloadKey, new Map(r.entries.map((e) => [e.backend.key, e]))]),
  );
  const backends = new Map<string, BackendRef>();
  for (const r of measured)
    for (const e of r.entries) if (!backends.has(e.backend.key)) backends.set(e.backend.key, e.backend);

  const scored: Omit<ScoredBackend, 'place'>[] = [];
  const unscored: UnscoredBackend[] = [];
  if (shares.size > 0) {
    for (const backend of backends.values()) {
      const missing = [...shares.keys()].filter((key) => !byWorkload.get(key)?.has(backend.key));
      if (missing.length > 0) {
        const share = missing.reduce((s, key) => s + (shares.get(key) ?? 0), 0);
        unscored.push({
          backend,
          missing,
          reason: `not measured on ${missing.join(', ')} (${percent(share)} of the profile)`,
        });
        continue;
      }
      const ratios = [...shares.entries()].map(([workloadKey, weight]) => ({
        workloadKey,
        weight,
        ratio: (byWorkload.get(workloadKey)?.get(backend.key) as RankedBackend).ratio,
      }));
      scored.push({
        backend,
        ratios,
        score: weightedGeometricMean(
          ratios.map((r) => r.ratio),
          ratios.map((r) => r.weight),
        ),
      });
    }
  }
  scored.sort((a, b) => a.score - b.score || a.backend.label.localeCompare(b.backend.label));
  const scores = scored.map((s) => ({
    ...s,
    // Equal scores share a place; significance is judged by recommend(), not here.
    place: scored.findIndex((o) => o.score === s.score) + 1,
  }));
  return { scores, unscored, weights: Object.fromEntries(shares), unmeasured };
}
