// Progress and time left of a run, one computation for the dashboard and the CLI. Folded from the
// core's RunEvents (pure: the time of each event is passed in), then read as a fraction, a range
// of seconds left, and, for a race, its round and the backends still racing.
//
// Why a range: a race stops between its least and its most samples, so what is left of it is a
// range of executions, and so is the time. Honest by construction:
// - never 100 % before the run's end (its answer, `run-answered`, or `run-done` where none came):
//   the fraction counts what is left at most, and holds at 99 %;
// - no ETA until samples have landed: speed is measured from the first sample, not from the plan
//   (fixtures, containers and the image come before it, and made a 57 s run read "1 h 13 m");
// - restarts (a sweep's) are counted in the time left, each at its own estimate, and so is the
//   measuring of the settings still to come (sweepStillToCome in the dashboard).
import type { RunEvent } from './run-events';

type Planned = Extract<RunEvent, { type: 'planned' }>;

export interface PaceWorkload {
  workloadId: string;
  least: number;
  most: number;
  /** Executions of this workload seen (its samples). */
  done: number;
  /** Set once the run moved past it (a later workload began) or the run ended. */
  finished: boolean;
}

export interface PaceState {
  status: 'running' | 'completed' | 'cancelled' | 'failed';
  workloads: PaceWorkload[];
  /** From `planned`: the least and the most executions in all; null before it (a joined run). */
  least: number | null;
  most: number | null;
  completed: number;
  /** The first sample seen, where speed is measured from; null until one lands. */
  firstSample: { atMs: number; completed: number } | null;
  /** The workload being measured now, with each backend's timed samples of it so far. */
  current: { workloadId: string; lanes: Record<string, number> } | null;
}

export function emptyPace(): PaceState {
  return {
    status: 'running',
    workloads: [],
    least: null,
    most: null,
    completed: 0,
    firstSample: null,
    current: null,
  };
}

function planOf(event: Planned): PaceWorkload[] {
  const plan = event.workloadPlan;
  if (plan && plan.length)
    return plan.map((w) => ({ ...w, most: Math.max(w.least, w.most), done: 0, finished: false }));
  // An older core: one lump of work, its most unknown beyond the least.
  const most = Math.max(event.totalExecutions, event.maxExecutions ?? event.totalExecutions);
  return [{ workloadId: '*', least: event.totalExecutions, most, done: 0, finished: false }];
}

/** Marks every workload before `workloadId` finished, and counts one execution of it. */
function countSample(workloads: PaceWorkload[], workloadId: string): PaceWorkload[] {
  const at = workloads.findIndex((w) => w.workloadId === workloadId || w.workloadId === '*');
  if (at < 0) return workloads;
  return workloads.map((w, i) =>
    i < at ? { ...w, finished: true } : i === at ? { ...w, done: w.done + 1 } : w,
  );
}

export function foldPace(state: PaceState, event: RunEvent, nowMs: number): PaceState {
  switch (event.type) {
    case 'planned':
      return {
        ...state,
        workloads: planOf(event),
        least: event.totalExecutions,
        most: Math.max(event.totalExecutions, event.maxExecutions ?? event.totalExecutions),
      };
    case 'sample': {
      const sameWorkload = state.current?.workloadId === event.workloadId;
      const lanes = sameWorkload ? { ...state.current!.lanes } : {};
      if (!event.warmup) lanes[event.backendId] = Math.max(lanes[event.backendId] ?? 0, event.index + 1);
      return {
        ...state,
        completed: Math.max(state.completed, event.completedExecutions),
        firstSample: state.firstSample ?? { atMs: nowMs, completed: event.completedExecutions },
        workloads: countSample(state.workloads, event.workloadId),
        current: { workloadId: event.workloadId, lanes },
      };
    }
    // The answer ends the measuring: what follows is the clean-up, which the bar does not count.
    case 'run-answered':
    case 'run-done':
      return {
        ...state,
        status: event.status,
        workloads: state.workloads.map((w) => ({ ...w, finished: true })),
      };
    default:
      return state;
  }
}

export interface RaceRound {
  workloadId: string;
  /** The round being run: the most timed samples any backend has of this workload. */
  round: number;
  /** The cap of rounds (the most samples), or null when unknown. */
  maxRounds: number | null;
  /** Backends still racing: those within a round of the leader (the others have left the race). */
  racing: number;
}

export interface Pace {
  /** 0…1 (below 1 until the run is completed), or null while the plan is unknown. */
  fraction: number | null;
  /** Whole percent, 99 at most while running (a cancelled run's is below 100 too). */
  percent: number | null;
  /** Seconds left, least and most; null until samples have landed (or when the run ended). */
  remaining: { low: number; high: number } | null;
  /** Executions left at least and at most. */
  left: { low: number; high: number } | null;
  race: RaceRound | null;
}

export interface PaceOptions {
  /** Restarts still to come (a sweep's), each with its estimated seconds. */
  restartSecondsLeft?: number;
  /**
   * Measuring still to come after this run (a sweep's later settings, each its own run), least and
   * most, from the plan's estimate: added to the time left once this run's speed is known.
   */
  laterSeconds?: { low: number; high: number };
  /** The most timed samples a race takes per backend, to say "round k of at most n". */
  maxRounds?: number | null;
}

/** Executions needed before a speed is trusted: the first sample plus this many more. */
const MIN_EXECUTIONS_FOR_SPEED = 2;

function leftOf(state: PaceState): { low: number; high: number } | null {
  if (!state.workloads.length) return null;
  let low = 0;
  let high = 0;
  for (const w of state.workloads) {
    if (w.finished) continue;
    low += Math.max(0, w.least - w.done);
    high += Math.max(0, w.most - w.done);
  }
  return { low, high: Math.max(low, high) };
}

function raceOf(state: PaceState, maxRounds: number | null): RaceRound | null {
  const current = state.current;
  if (!current) return null;
  const counts = Object.values(current.lanes);
  if (counts.length < 2) return null;
  const round = Math.max(...counts);
  return {
    workloadId: current.workloadId,
    round,
    maxRounds,
    racing: counts.filter((c) => c >= round - 1).length,
  };
}

export function paceOf(state: PaceState, nowMs: number, options: PaceOptions = {}): Pace {
  const race = raceOf(state, options.maxRounds ?? null);
  if (state.status !== 'running') {
    const total = state.least;
    const fraction =
      state.status === 'completed' ? 1 : total ? Math.min(0.99, state.completed / Math.max(total, 1)) : null;
    return {
      fraction,
      percent: fraction === null ? null : Math.round(fraction * 100),
      remaining: null,
      left: { low: 0, high: 0 },
      race: null,
    };
  }
  const left = leftOf(state);
  if (!left) return { fraction: null, percent: null, remaining: null, left: null, race };
  const done = state.completed;
  // Against the middle of what is left: a race's bar neither races ahead nor crawls, and stays
  // below 100 % until run-done says it is over.
  const fraction = Math.min(0.99, done / Math.max(1, done + (left.low + left.high) / 2));
  const percent = Math.min(99, Math.round(fraction * 100));
  const first = state.firstSample;
  const sinceFirst = first ? done - first.completed : 0;
  const elapsed = first ? Math.max(0, nowMs - first.atMs) / 1000 : 0;
  const restart = Math.max(0, options.restartSecondsLeft ?? 0);
  const laterLow = Math.max(0, options.laterSeconds?.low ?? 0);
  const laterHigh = Math.max(laterLow, options.laterSeconds?.high ?? 0);
  if (!first || sinceFirst < MIN_EXECUTIONS_FOR_SPEED || elapsed <= 0)
    return { fraction, percent, remaining: null, left, race };
  const perExecution = elapsed / sinceFirst;
  return {
    fraction,
    percent,
    remaining: {
      low: left.low * perExecution + restart + laterLow,
      high: left.high * perExecution + restart + laterHigh,
    },
    left,
    race,
  };
}

/** "1 h 02 min", "4 min 05 s", "12 s": a time left, to the second under a minute. */
export function formatRemaining(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '…';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "about 40 s left", or "40 s – 3 min 10 s left" when the two ends differ by more than a fifth. */
export function remainingWords(remaining: { low: number; high: number }): string {
  const { low, high } = remaining;
  if (high < 1) return 'finishing…';
  if (high <= low * 1.2 + 5) return `about ${formatRemaining((low + high) / 2)} left`;
  return `${formatRemaining(low)} – ${formatRemaining(high)} left`;
}

/** "round 4 of at most 20, 3 backends still racing". */
export function raceWords(race: RaceRound): string {
  const of = race.maxRounds ? ` of at most ${race.maxRounds}` : '';
  return `round ${race.round}${of}, ${race.racing} backend${race.racing === 1 ? '' : 's'} still racing`;
}
