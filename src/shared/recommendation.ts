// What `recommend()` answers, as plain data: the CLI prints it, the dashboard draws it and the API
// carries it, so it lives here where main, renderer and CLI can all import it.
import type { ComparisonRow, ControlFigure, RaceSpent } from './comparison';
import type { ProviderId } from './ids';
import type { Role } from './roles';

export type BackendRef = ComparisonRow['backend'];

/** A weighting of workload keys (`id` or `id:case`); see core/recommend/profiles.ts. */
export interface Profile {
  id: string;
  label: string;
  description: string;
  /** Weight per workload key; a workload id also covers its cases (split evenly between them). */
  weights: Record<string, number>;
  /** Weight of every measured workload the profile does not name (1 for "balanced", else 0). */
  otherWorkloads: number;
}

/** How a backend compares with the fastest one on a workload. */
export type RankVerdict = 'fastest' | 'no-measurable-difference' | 'slower' | 'not-enough-runs';

export interface RankedBackend {
  backend: BackendRef;
  /** Seconds per operation (the row's mean divided by its operations per sample). */
  mean: number;
  stddev: number | null;
  runs: number;
  /** mean / the fastest mean: 1 for the fastest. */
  ratio: number;
  /**
   * The ratio's 95 % interval ("1.26 × (1.05 … 1.50) as long"); null for the fastest, or without
   * two runs a side. Absent in recommendations saved before intervals were shown.
   */
  interval?: { low: number; high: number } | null;
  /** Welch's two-sided p-value against the fastest; null for the fastest or with a single run. */
  p: number | null;
  verdict: RankVerdict;
  /** 1 for the fastest and every backend not measurably slower; else its position by mean. */
  place: number;
  note: string | null;
  /** Its setting's drift between a bracketed sweep's two passes (ComparisonRow.passDrift). */
  passDrift?: number;
  /** The sweep's control measured in its setting (ComparisonRow.control). */
  control?: ControlFigure;
  /** Still racing when its race here stopped without a verdict (ComparisonRow.raceSpent). */
  raceSpent?: RaceSpent;
  /**
   * Slower than the fastest by Welch's test, but by no more than the drift between the passes of
   * a sweep's settings (core/stats/pass-drift.ts): the drift factor it was judged against.
   */
  withinDrift?: number;
}

export interface WorkloadRanking {
  workloadKey: string;
  entries: RankedBackend[];
  /** The host baseline (no container), kept apart: it is not a setup one can choose. */
  baseline: { mean: number; label: string } | null;
}

export interface WorkloadRatio {
  workloadKey: string;
  /** The workload's share of the profile, after splitting over cases; sums to 1 over a score. */
  weight: number;
  ratio: number;
}

export interface ScoredBackend {
  backend: BackendRef;
  /** Weighted geometric mean of the time ratios against the fastest: 1 = fastest everywhere. */
  score: number;
  place: number;
  ratios: WorkloadRatio[];
}

export interface UnscoredBackend {
  backend: BackendRef;
  missing: string[];
  reason: string;
}

export interface TradeOff {
  id: string;
  severity: 'info' | 'caution' | 'warning';
  text: string;
}

export type ActionStep =
  | { kind: 'setting'; where: string; key: string; value: string | number | boolean }
  | { kind: 'command'; command: string; why: string }
  | { kind: 'file'; name: string; text: string; why: string }
  | { kind: 'note'; text: string };

export interface SetupAction {
  /** `none`: already how it is; `manual`: Mountbench cannot say how to apply it. */
  kind: 'none' | 'setting' | 'command' | 'compose' | 'sync' | 'manual';
  summary: string;
  steps: ActionStep[];
  /** What a provider's apply button needs, when a provider can switch to it. */
  apply: { provider: ProviderId; variant: string } | null;
}

export interface BackendSetup {
  backend: BackendRef;
  tradeOffs: TradeOff[];
  action: SetupAction;
}

export type RecommendationVerdict =
  /** The leader is measurably better than every other scored backend (of its role). */
  | 'winner'
  /**
   * The only backend scored in its role: nothing rivalled it, so it is neither a winner nor the
   * fastest ("Only option measured for the source tree"). Recommendations made before this was
   * told apart said `winner` here.
   */
  | 'only-option'
  /** Several backends are within the noise of the leader: the simplest of them is chosen. */
  | 'no-measurable-difference'
  /** The leader is best by the figures, but single runs leave significance unknown. */
  | 'significance-unknown'
  /**
   * No measurable difference, but the intervals are too wide to call it a tie (a difference of
   * more than 5 % is still possible): more samples would decide it.
   */
  | 'not-decided'
  /** No backend could be scored (nothing the profile weighs was measured). */
  | 'no-data';

/** A workload on which the chosen backend is measurably slower than another of its role. */
export interface SlowerOn {
  workloadKey: string;
  /** The backend it is slowest against there. */
  than: BackendRef;
  /** chosen mean / `than`'s mean, above 1, with its 95 % interval. */
  ratio: number;
  low: number;
  high: number;
}

/**
 * The drift between settings that an answer was judged against: a setting's two passes apart
 * (`passes`), or the control's figures under two settings apart (`control`).
 */
/**
 * Across a sweep's settings, the finest difference the sweep could see: nothing showed the
 * settings apart, but a ratio's interval reaches past the equivalence margin, and a sweep cannot
 * sample on to narrow it (each setting is measured behind a restart; no race crosses one).
 */
export interface SweepResolution {
  /** The ratio the widest interval could tell from 1: 1.18 says differences under about 18 %. */
  factor: number;
  workloadKey: string;
  /** The size that workload was measured at: a Quick sweep's Standard sweep sees finer. */
  size?: string;
  /** That interval, as other / choice ("0.97 × (0.82 … 1.15)" in the reason). */
  interval: { ratio: number; low: number; high: number };
  /**
   * `race`: between backends of one run that its race left undecided when it stopped at its cap
   * or as futile (core/stats/race-spent.ts). Absent: between a sweep's settings.
   */
  by?: 'race';
}

export interface PassDrift {
  /** How far apart, as a factor ≥ 1. */
  factor: number;
  source: 'passes' | 'control';
  workloadKey: string;
  /** `passes`: the backend whose two passes were this far apart; `control`: one of the two settings'. */
  backend: BackendRef;
  /** `control`: the other setting's backend. */
  other?: BackendRef;
}

/** The answer for one role (shared/roles.ts): where that kind of file should live. */
export interface RoleAnswer {
  role: Role;
  verdict: RecommendationVerdict;
  choice: BackendRef | null;
  tied: BackendRef[];
  reason: string;
  /** Fewest and most timed samples of the backends this answer rests on. */
  samples: { min: number; max: number } | null;
  /**
   * The workloads on which the choice is measurably slower than another backend of its role, the
   * widest gap first; empty when none. Absent in recommendations made before it was said.
   */
  slowerOn?: SlowerOn[];
  /**
   * The equivalence margin the answer was judged at (0.1: ±10 %; shared/equivalence-margin.ts),
   * the widest of its weighted workloads'. Absent in recommendations made before it was said.
   */
  margin?: number;
  /**
   * Set when the answer is "no measurable difference" because the settings differ by no more than
   * the machine drifted between a bracketed sweep's two passes: the largest such drift.
   */
  drift?: PassDrift;
  /**
   * Set when the answer is "no measurable difference" between a sweep's settings whose intervals
   * still reach past the margin (SweepResolution), and no drift was larger: what the sweep could see.
   */
  resolution?: SweepResolution;
  /**
   * Workloads the profile weighs that none of this role's backends ran (a container-only backend
   * cannot run sync-latency), left out of its score and said in its reason. Absent when none.
   */
  weighedWithout?: string[];
}

export interface Recommendation {
  machine: ComparisonRow['machine'];
  /**
   * The role the top-level answer is for: the source tree whenever a backend that can hold it was
   * measured, so a volume or tmpfs is never offered as the place for the source tree.
   */
  role?: Role;
  /** One answer per role that was measured. Absent in recommendations made before roles. */
  roles?: RoleAnswer[];
  profile: Profile;
  verdict: RecommendationVerdict;
  /** The backend to use: the leader, or the simplest of the tied group. */
  choice: BackendRef | null;
  /** Backends sharing first place with the leader (the choice included); one when there is a winner. */
  tied: BackendRef[];
  /** One sentence saying why. */
  reason: string;
  scores: ScoredBackend[];
  unscored: UnscoredBackend[];
  /** The workload shares the scores used (after dropping workloads nobody measured). */
  weights: Record<string, number>;
  rankings: WorkloadRanking[];
  /** Trade-offs and action of the choice; null with no choice. */
  setup: BackendSetup | null;
  /** The same for every ranked backend, for a UI that shows any row's details. */
  setups: BackendSetup[];
  caveats: string[];
}
