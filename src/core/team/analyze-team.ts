// A team's dataset, analysed for the Team page: the machines, the spread per workload and backend
// (by chip family and by product version), which setting wins on how many machines, what the
// machines like yours found, and the changes between product releases seen on the same machines.
// Pure: the runs come in already validated (read-dataset.ts), nothing is read or written here.
import type { MachineInfo } from '../../shared/result-schema';
import type { ChipFamily, MachinesLikeYours, TeamAnalysis, TeamMachine } from '../../shared/team-view';
import { chipFamily } from './chip-family';
import { releaseChanges } from './release-changes';
import { productVersionKey, runProduct, teamFigures } from './team-figures';
import { teamTrends } from './team-trend';
import type { TeamRun } from './read-dataset';
import { workloadSpreads } from './team-spread';
import { latestRunPerMachine, machineWinners, winnerCounts, type MachineWinners } from './team-winners';

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

/**
 * What "machines like yours" needs of each machine, kept apart from any one viewer: the Team view
 * saved on disk (view-cache.ts) holds these, so another viewer's answer is a filter and a count.
 */
export interface LatestMachine extends MachineWinners {
  chipFamily: ChipFamily;
  /** The product of the machine's latest run; null when it names none. */
  provider: string | null;
}

/** The analysis without "machines like yours", and what that needs for any viewer. */
export interface SharedAnalysis {
  analysis: Omit<TeamAnalysis, 'likeYours'>;
  latest: LatestMachine[];
}

export function likeYours(latest: readonly LatestMachine[], you: YourMachine): MachinesLikeYours {
  const family = chipFamily(you.machine);
  const alike = latest.filter(
    (m) => m.chipFamily === family && (you.provider === null || m.provider === you.provider),
  );
  return {
    chipFamily: family,
    provider: you.provider,
    machineIds: alike.map((m) => m.machineId).sort(),
    winners: winnerCounts(alike),
  };
}

export function analyzeTeamShared(runs: readonly TeamRun[]): SharedAnalysis {
  const latestRuns = latestRunPerMachine(runs);
  const list = machines(runs, latestRuns);
  const families = new Map(list.map((m) => [m.machineId, m.chipFamily]));
  const figures = teamFigures(runs);
  const changes = releaseChanges(figures);
  const winners = machineWinners(latestRuns);
  const latest = latestRuns.map(({ machineId, run }, i) => ({
    machineId,
    chipFamily: chipFamily(run.machine),
    provider: run.engine?.provider ?? null,
    roles: winners[i].roles,
  }));
  return {
    analysis: {
      runs: runs.length,
      machines: list,
      spreads: workloadSpreads(figures, (id) => families.get(id) ?? 'other'),
      winners: winnerCounts(winners),
      changes,
      trends: teamTrends(figures, changes),
    },
    latest,
  };
}

/** The whole analysis for one viewer (or none), from the shared part. */
export function viewAnalysis(shared: SharedAnalysis, you: YourMachine | null): TeamAnalysis {
  const { analysis } = shared;
  return {
    runs: analysis.runs,
    machines: analysis.machines,
    spreads: analysis.spreads,
    winners: analysis.winners,
    likeYours: you ? likeYours(shared.latest, you) : null,
    changes: analysis.changes,
    trends: analysis.trends,
  };
}

export function analyzeTeam(runs: readonly TeamRun[], you: YourMachine | null = null): TeamAnalysis {
  return viewAnalysis(analyzeTeamShared(runs), you);
}
