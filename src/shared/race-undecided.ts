// Workloads whose race ran out of its time budget: it stopped with more to sample, so the order of
// its backends is not decided yet and no verdict over them may crown a winner (Keep measuring goes
// on). Shared by the Results verdict and the History list. A race that stopped at its cap, or as
// futile, sampled as far as its run would go: the answer words what it could resolve instead
// (core/stats/race-spent.ts), so it holds nothing back. Each role races apart, so a role's verdict
// is held back only by its own open races: an open race between two volumes says nothing about the
// source tree.
import type { RunFile } from './result-schema';
import type { Role } from './roles';

/** The workloads with an open race; with `role`, only that role's races. */
export function undecidedRaceWorkloads(run: Pick<RunFile, 'race'>, role?: Role): string[] {
  return (run.race?.workloads ?? [])
    .filter((w) => w.outcome === 'budget')
    .filter((w) => role === undefined || w.role === role)
    .map((w) => w.workloadKey);
}

/** A race that stopped because not even its cap could have called it at this size. */
export interface FutileRace {
  workloadKey: string;
  /** The ratio the cap could have told from 1 (1.12: differences under about 12 %). */
  resolvable: number;
}

/** The futile races; with `role`, only that role's. */
export function futileRaces(run: Pick<RunFile, 'race'>, role?: Role): FutileRace[] {
  return (run.race?.workloads ?? [])
    .filter((w) => w.outcome === 'futile' && (role === undefined || w.role === role))
    .map((w) => ({ workloadKey: w.workloadKey, resolvable: w.resolvable ?? 1 }));
}
