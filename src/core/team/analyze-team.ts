// A team's dataset, analysed for the Team page: the machines, the spread per workload and backend
// (by chip family and by product version), which setting wins on how many machines, what the
// machines like yours found, and the changes between product releases seen on the same machines.
// Pure: the runs come in already validated (read-dataset.ts), nothing is read or written here.
import type { MachineInfo } from '../../shared/result-schema';
import type { MachinesLikeYours, TeamAnalysis, TeamMachine } from '../../shared/team-view';
import { chipFamily } from './chip-family';
import { releaseChanges } from './release-changes';
import { productVersionKey, runProduct, teamFigures } from './team-figures';
import { teamTrends } from './team-trend';
import type { TeamRun } from './read-dataset';
import { workloadSpreads } from './team-spread';
import { latestRunPerMachine, winnerCounts } from './team-winners';

export interface YourMachine {
  machine: Pick<MachineInfo, 'chip' | 'arch'>;
  /** The product of this machine's latest run; null when it has none. */
  provider: string | null;
}

function machines(runs: readonly TeamRun[], latest: readonly TeamRun[]): TeamMachine[] {
  const products = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const { machineId, run } of runs) {
    const { provider, version, versionSource } = runProduct(run);
    const set = products.get(machineId) ?? new Set<string>();
    if (provider) set.add(productVersionKey(provider, version, versionSource));
    products.set(machineId, set);
    counts.set(machineId, (counts.get(machineId) ?? 0) + 1);
  }
  return latest
    .map(({ machineId, run }) => ({
      machineId,
      chip: run.machine.chip,
      chipFamily: chipFamily(run.machine),
      cores: run.machine.cores,
      memoryBytes: run.machine.memoryBytes,
      os: [run.machine.os.name, run.machine.os.version].filter(Boolean).join(' '),
      products: [...(products.get(machineId) ?? [])].sort((a, b) =>
        a.localeCompare(b, 'en', { numeric: true }),
      ),
      runs: counts.get(machineId) ?? 0,
    }))
    .sort(
      (a, b) =>
        a.chipFamily.localeCompare(b.chipFamily, 'en', { numeric: true }) ||
        a.machineId.localeCompare(b.machineId),
    );
}

function likeYours(latest: readonly TeamRun[], you: YourMachine): MachinesLikeYours {
  const family = chipFamily(you.machine);
  const alike = latest.filter(
    ({ run }) =>
      chipFamily(run.machine) === family && (you.provider === null || run.engine?.provider === you.provider),
  );
  return {
    chipFamily: family,
    provider: you.provider,
    machineIds: alike.map((r) => r.machineId).sort(),
    winners: winnerCounts(alike),
  };
}

export function analyzeTeam(runs: readonly TeamRun[], you: YourMachine | null = null): TeamAnalysis {
  const latest = latestRunPerMachine(runs);
  const list = machines(runs, latest);
  const families = new Map(list.map((m) => [m.machineId, m.chipFamily]));
  const figures = teamFigures(runs);
  const changes = releaseChanges(figures);
  return {
    runs: runs.length,
    machines: list,
    spreads: workloadSpreads(figures, (id) => families.get(id) ?? 'other'),
    winners: winnerCounts(latest),
    likeYours: you ? likeYours(latest, you) : null,
    changes,
    trends: teamTrends(figures, changes),
  };
}
