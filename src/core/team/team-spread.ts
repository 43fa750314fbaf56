// The spread of one workload on one backend across a team's machines, grouped two ways: by chip
// family (each machine's latest figure) and by product version (each machine's latest figure on
// that version). Every group is a distribution with its points, never one bar.
import type { SpreadGroup, WorkloadSpread } from '../../shared/team-view';
import { distribution } from './distribution';
import { latestBy, productVersionKey, type TeamFigure } from './team-figures';

function groups(figures: readonly TeamFigure[], groupOf: (f: TeamFigure) => string): SpreadGroup[] {
  const byGroup = new Map<string, TeamFigure[]>();
  for (const f of figures) {
    const key = groupOf(f);
    const list = byGroup.get(key);
    if (list) list.push(f);
    else byGroup.set(key, [f]);
  }
  return [...byGroup.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([key, list]) => ({
      key,
      distribution: distribution(list.map((f) => f.mean))!,
      points: list
        .map((f) => ({ machineId: f.machineId, seconds: f.mean }))
        .sort((a, b) => a.seconds - b.seconds),
    }));
}

export function seriesKey(f: Pick<TeamFigure, 'workloadKey' | 'size' | 'backendKey'>): string {
  return `${f.workloadKey}\u0000${f.size}\u0000${f.backendKey}`;
}

export function workloadSpreads(
  figures: readonly TeamFigure[],
  familyOf: (machineId: string) => string,
): WorkloadSpread[] {
  const bySeries = new Map<string, TeamFigure[]>();
  for (const f of figures) {
    const key = seriesKey(f);
    const list = bySeries.get(key);
    if (list) list.push(f);
    else bySeries.set(key, [f]);
  }
  const spreads: WorkloadSpread[] = [];
  for (const list of bySeries.values()) {
    const first = list[0];
    const perMachine = [...latestBy(list, (f) => f.machineId).values()];
    const perMachineVersion = [
      ...latestBy(
        list,
        (f) => `${f.machineId}\u0000${productVersionKey(f.provider, f.version, f.versionSource)}`,
      ).values(),
    ];
    spreads.push({
      workloadKey: first.workloadKey,
      size: first.size,
      backendKey: first.backendKey,
      backendLabel: first.backendLabel,
      role: first.role,
      byChipFamily: groups(perMachine, (f) => familyOf(f.machineId)),
      byProductVersion: groups(perMachineVersion, (f) =>
        productVersionKey(f.provider, f.version, f.versionSource),
      ),
    });
  }
  const roleOrder = (r: WorkloadSpread['role']) => (r === 'source-tree' ? 0 : r === 'container-data' ? 1 : 2);
  return spreads.sort(
    (a, b) =>
      a.workloadKey.localeCompare(b.workloadKey) ||
      a.size.localeCompare(b.size) ||
      roleOrder(a.role) - roleOrder(b.role) ||
      a.backendKey.localeCompare(b.backendKey),
  );
}
