// Workloads whose race stopped at its cap or budget: the order of their backends is not decided,
// so no verdict over them may crown a winner. Shared by the Results verdict and the History list.
import type { RunFile } from './result-schema';

export function undecidedRaceWorkloads(run: Pick<RunFile, 'race'>): string[] {
  return (run.race?.workloads ?? [])
    .filter((w) => w.outcome === 'cap' || w.outcome === 'budget')
    .map((w) => w.workloadKey);
}
