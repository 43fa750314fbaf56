// Which setting wins on how many machines: each machine's latest run answered by the same code
// as the History list and the Results strip (store/run-winner.ts, the Balanced profile), so the
// Team page can never name a winner a machine's own Results view would not.
import { ROLES } from '../../shared/roles';
import type { RoleWinner } from '../../shared/api';
import type { WinnerCount } from '../../shared/team-view';
import { runWinner } from '../store/run-winner';
import { latestBy } from './team-figures';
import type { TeamRun } from './read-dataset';

/** The newest run of each machine. */
export function latestRunPerMachine(runs: readonly TeamRun[]): TeamRun[] {
  const keyed = runs.map((r) => ({ ...r, createdAt: r.run.createdAt, runId: r.run.id }));
  return [...latestBy(keyed, (r) => r.machineId).values()].map(({ machineId, file, run }) => ({
    machineId,
    file,
    run,
  }));
}

/** One machine's answer per role, from its latest run: what winner counts are made of. */
export interface MachineWinners {
  machineId: string;
  roles: RoleWinner[];
}

export function machineWinners(latestRuns: readonly TeamRun[]): MachineWinners[] {
  return latestRuns.map(({ machineId, run }) => ({ machineId, roles: runWinner(run)?.roles ?? [] }));
}

export function winnerCounts(latest: readonly MachineWinners[]): WinnerCount[] {
  const counts = new Map<string, WinnerCount>();
  for (const { machineId, roles } of latest) {
    for (const role of roles) {
      // A race left open settles nothing: it is not a win to count.
      if (role.state === 'undecided') continue;
      const key = `${role.role}\u0000${role.state}\u0000${role.label}`;
      const count = counts.get(key);
      if (count) {
        count.machines += 1;
        count.machineIds.push(machineId);
      } else {
        counts.set(key, {
          role: role.role,
          label: role.label,
          state: role.state,
          machines: 1,
          machineIds: [machineId],
        });
      }
    }
  }
  const stateOrder = { decided: 0, tie: 1, only: 2, undecided: 3 } as const;
  return [...counts.values()].sort(
    (a, b) =>
      ROLES.indexOf(a.role) - ROLES.indexOf(b.role) ||
      stateOrder[a.state] - stateOrder[b.state] ||
      b.machines - a.machines ||
      a.label.localeCompare(b.label),
  );
}
