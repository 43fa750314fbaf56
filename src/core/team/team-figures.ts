// A team's runs flattened into one figure per machine × run × backend × workload (and case and
// size), per operation, with the product and version each was measured on. Sizes are kept apart:
// a quick fixture's time says nothing about a default one's.
import { workloadKey } from '../../shared/comparison';
import { perOp } from '../../shared/per-op';
import { roleOf, type Role } from '../../shared/roles';
import type { RunFile } from '../../shared/result-schema';
import type { TeamRun } from './read-dataset';

export interface TeamFigure {
  machineId: string;
  runId: string;
  createdAt: string;
  /** The engine's product, or null for a host-only run. */
  provider: string | null;
  /**
   * The release the figure was measured on: the engine's version as it reports it. A run file
   * records no other product version; Docker Desktop's patch releases that kept the engine
   * (4.37.1 and 4.37.2 report 27.4.0 as 4.37.0 does) are one version here (docs/product-facts.md).
   */
  version: string | null;
  backendKey: string;
  backendLabel: string;
  role: Role | null;
  workloadKey: string;
  size: string;
  /** Seconds per operation: the mean and every sample. */
  mean: number;
  samples: number[];
}

/** "docker-desktop 27.4.0": how a product version is named in groups and on the page. */
export function productVersionKey(provider: string | null, version: string | null): string {
  if (!provider) return 'host only';
  return version ? `${provider} ${version}` : `${provider} (version unknown)`;
}

export function runProduct(run: RunFile): { provider: string | null; version: string | null } {
  return {
    provider: run.engine?.provider ?? null,
    version: run.engine?.serverVersion.trim() || null,
  };
}

export function teamFigures(runs: readonly TeamRun[]): TeamFigure[] {
  const figures: TeamFigure[] = [];
  for (const { machineId, run } of runs) {
    const { provider, version } = runProduct(run);
    for (const result of run.results) {
      const ops = result.opsPerSample;
      figures.push({
        machineId,
        runId: run.id,
        createdAt: run.createdAt,
        provider: result.backend.provider ?? provider,
        version,
        backendKey: result.backend.id,
        backendLabel: result.backend.label,
        role: roleOf(result.backend.mount),
        workloadKey: workloadKey(result.workload.id, result.workload.case),
        size: result.workload.size,
        mean: perOp(result.stats.mean, ops),
        samples: result.stats.samples.map((s) => perOp(s, ops)),
      });
    }
  }
  return figures;
}

/** The newest figure per key: a machine measured twice counts once, with what it found last. */
export function latestBy<T extends { createdAt: string; runId: string }>(
  items: readonly T[],
  keyOf: (item: T) => string,
): Map<string, T> {
  const latest = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    const seen = latest.get(key);
    // Run ids break ties so the answer does not depend on the order files were read in.
    if (
      !seen ||
      item.createdAt > seen.createdAt ||
      (item.createdAt === seen.createdAt && item.runId > seen.runId)
    )
      latest.set(key, item);
  }
  return latest;
}
