// The scheduler of one workload case across the backends of a run. Interleaved (the default): a
// round is one sample of every backend still in, in an order that rotates each round, so drift
// (a laptop heating up, an indexer starting) falls on all backends alike. Sequential: each backend
// takes all its samples before the next, kept for comparison with older runs and for the drift
// benchmark. The policy decides when a backend leaves: a fixed count, hyperfine's adaptive stop,
// or racing to a decided ranking.
import type { RACE_EXIT_REASONS } from '../../shared/result-schema';
import { ROLES, type Role } from '../../shared/roles';
import {
  loneRaceOver,
  raceLook,
  type PairComparison,
  type RaceOutcome,
  type RacePolicy,
} from '../stats/race';
import type { WorkloadCase } from '../workloads/workload';
import { roundOrder } from './round-order';
import { shouldStop, type StopPolicy } from './stop-rule';
import { emptyLaneSamples, sampleLane, type Lane, type LaneSamples } from './workload-lane';

export type RoundPolicy =
  | { kind: 'fixed'; runs: number }
  | { kind: 'adaptive'; stop: StopPolicy }
  | { kind: 'race'; race: RacePolicy };

export type ExitReason =
  | 'fixed'
  | 'converged'
  | 'max-runs'
  /** Decided slower than another backend still racing. */
  | 'slower'
  /** The last one racing: decided against every other. */
  | 'leader'
  | 'tied'
  /** Not even the cap could have called this race either way (stats/race.ts, futileRace). */
  | 'futile'
  | 'cap'
  | 'budget'
  /** The host baseline, which races nobody: it stopped when the races did. */
  | 'baseline'
  | 'failed';

export interface LaneExit {
  lane: number;
  /** 1-based: the round after which the lane stopped. */
  round: number;
  reason: ExitReason;
  slowerThan?: number;
}

export interface CaseRounds {
  samples: LaneSamples[];
  rounds: number;
  exits: LaneExit[];
  /** Racing only: one race per role (see shared/roles.ts), in the same rounds. */
  races: RoleRace[];
}

export interface RoleRace {
  role: Role;
  lanes: number[];
  outcome: RaceOutcome | 'budget' | null;
  /** The pairwise comparisons of the last look. */
  comparisons: PairComparison[];
  /** Futile only: the ratio the cap could have told from 1 (stats/race.ts). */
  resolvable?: number;
}

export interface CaseRoundsInput {
  lanes: readonly Lane[];
  workloadCase: WorkloadCase;
  /**
   * Racing: each lane's role. Backends race only within a role, since a volume never competes with
   * a bind mount for the source tree; a lane with no role (the host baseline) rides along while
   * any race goes on and decides nothing.
   */
  roles: readonly (Role | null)[];
  flushesWrites: boolean;
  warmup: number;
  policy: RoundPolicy;
  order: 'interleaved' | 'sequential';
  /** Epoch ms after which no new round starts once every lane has two samples; null: none. */
  deadline: number | null;
  signal: AbortSignal;
  /** A lane whose sample failed leaves the case; the others go on. */
  onLaneFailed(lane: number, err: unknown): void;
}

/** Fixed and adaptive policies decide per lane, from that lane's samples alone. */
function ownExit(policy: RoundPolicy, samples: LaneSamples): ExitReason | null {
  if (policy.kind === 'fixed') return samples.timed.length >= policy.runs ? 'fixed' : null;
  if (policy.kind === 'adaptive') {
    const decision = shouldStop(
      samples.timed.map((t) => t.seconds),
      policy.stop,
    );
    return decision.stop ? decision.rule : null;
  }
  return samples.timed.length >= policy.race.maxSamples ? 'cap' : null;
}

class CaseScheduler {
  readonly samples: LaneSamples[];
  readonly exits: LaneExit[] = [];
  active: number[];
  rounds = 0;
  readonly races: RoleRace[];

  constructor(private readonly input: CaseRoundsInput) {
    this.samples = input.lanes.map(() => emptyLaneSamples());
    this.active = input.lanes.map((_, i) => i);
    this.races =
      input.policy.kind === 'race'
        ? ROLES.map((role) => ({
            role,
            lanes: this.active.filter((lane) => input.roles[lane] === role),
            outcome: null,
            comparisons: [],
          })).filter((race) => race.lanes.length > 0)
        : [];
  }

  leave(lane: number, reason: ExitReason, slowerThan?: number): void {
    if (!this.active.includes(lane)) return;
    this.active = this.active.filter((l) => l !== lane);
    this.exits.push({
      lane,
      round: this.rounds,
      reason,
      ...(slowerThan !== undefined ? { slowerThan } : {}),
    });
  }

  async take(lane: number, warmup: boolean): Promise<void> {
    const { lanes, workloadCase, flushesWrites, signal } = this.input;
    try {
      await sampleLane(lanes[lane], workloadCase, flushesWrites, warmup, this.samples[lane]);
    } catch (err) {
      if (signal.aborted) throw err;
      this.input.onLaneFailed(lane, err);
      this.leave(lane, 'failed');
    }
  }

  overBudget(): boolean {
    const { deadline } = this.input;
    return (
      deadline !== null &&
      Date.now() >= deadline &&
      this.active.every((lane) => this.samples[lane].timed.length >= 2)
    );
  }

  judgeRace(race: RoleRace, policy: RacePolicy): void {
    const racing = race.lanes.filter((lane) => this.active.includes(lane));
    const look = raceLook(
      this.samples.map((s) => s.timed.map((t) => t.seconds)),
      racing,
      policy,
    );
    if (look.comparisons.length) race.comparisons = look.comparisons;
    for (const exit of look.leaving) this.leave(exit.lane, 'slower', exit.slowerThan);
    if (look.outcome) {
      race.outcome = look.outcome;
      if (look.resolvable !== undefined) race.resolvable = look.resolvable;
      const reason: ExitReason = look.outcome === 'decided' ? 'leader' : look.outcome;
      for (const lane of racing) this.leave(lane, reason);
    }
  }

  /**
   * A backend alone in its role (stats/race.ts, loneRaceOver): it stays in while the other role's
   * race is open, and to at least ten samples, then ends its race as its role's only option.
   */
  judgeLone(race: RoleRace, policy: RacePolicy): void {
    const [lane] = race.lanes;
    if (!this.active.includes(lane)) {
      // Its sample failed: the race is over with nobody in it.
      race.outcome = 'decided';
      return;
    }
    const othersOpen = this.races.some((r) => r !== race && r.lanes.length > 1 && !r.outcome);
    if (!loneRaceOver(this.samples[lane].timed.length, othersOpen, policy)) return;
    race.outcome = 'decided';
    this.leave(lane, 'leader');
  }

  /** After a round: who leaves, and whether the case is over. */
  judge(): void {
    const { policy } = this.input;
    if (policy.kind === 'race') {
      // Real races first, so a lone backend sees whether they ended this round.
      for (const race of this.races)
        if (!race.outcome && race.lanes.length > 1) this.judgeRace(race, policy.race);
      for (const race of this.races)
        if (!race.outcome && race.lanes.length === 1) this.judgeLone(race, policy.race);
      // The baseline rides along until every race is over (and it has the minimum), then leaves.
      if (this.races.every((race) => race.outcome)) {
        for (const lane of [...this.active])
          if (this.samples[lane].timed.length >= policy.race.minSamples) this.leave(lane, 'baseline');
      }
      return;
    }
    for (const lane of [...this.active]) {
      const reason = ownExit(policy, this.samples[lane]);
      if (reason) this.leave(lane, reason);
    }
  }

  /**
   * Each lane says when its warm-up begins and when its timed runs begin, for every case: the
   * progress views and bench/full-run.ts split a lane's time on these events.
   */
  announce(lanes: readonly number[], phase: 'warmup' | 'timed'): void {
    for (const lane of lanes) this.input.lanes[lane].hooks.phase(phase);
  }

  async interleaved(): Promise<void> {
    const { warmup, signal } = this.input;
    if (warmup > 0) this.announce(this.active, 'warmup');
    for (let round = 0; round < warmup && this.active.length; round++) {
      for (const lane of roundOrder(this.active, round)) await this.take(lane, true);
    }
    this.announce(this.active, 'timed');
    while (this.active.length) {
      signal.throwIfAborted();
      if (this.overBudget()) {
        for (const race of this.races) race.outcome ??= 'budget';
        for (const lane of [...this.active]) this.leave(lane, 'budget');
        break;
      }
      const order = roundOrder(this.active, this.rounds);
      this.rounds += 1;
      for (const lane of order) await this.take(lane, false);
      this.judge();
    }
  }

  async sequential(): Promise<void> {
    const { warmup, signal, policy } = this.input;
    for (const lane of [...this.active]) {
      if (warmup > 0) this.announce([lane], 'warmup');
      for (let i = 0; i < warmup && this.active.includes(lane); i++) await this.take(lane, true);
      if (this.active.includes(lane)) this.announce([lane], 'timed');
      while (this.active.includes(lane)) {
        signal.throwIfAborted();
        await this.take(lane, false);
        this.rounds = Math.max(this.rounds, this.samples[lane].timed.length);
        const reason = this.active.includes(lane) ? ownExit(policy, this.samples[lane]) : null;
        if (reason) this.leave(lane, reason);
      }
    }
  }
}

export async function runCaseRounds(input: CaseRoundsInput): Promise<CaseRounds> {
  const scheduler = new CaseScheduler(input);
  if (input.order === 'sequential') await scheduler.sequential();
  else await scheduler.interleaved();
  const { samples, rounds, exits, races } = scheduler;
  return { samples, rounds, exits, races };
}

/** The word a result file stores: fixed-count reasons cannot reach a racing lane, `cap` is nearest. */
export function raceExitReason(reason: ExitReason): (typeof RACE_EXIT_REASONS)[number] {
  return reason === 'fixed' || reason === 'converged' || reason === 'max-runs' ? 'cap' : reason;
}
