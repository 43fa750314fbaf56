// A team's runs flattened into one figure per machine × run × backend × workload (and case and
// size), per operation, with the product and version each was measured on. Sizes are kept apart:
// a quick fixture's time says nothing about a default one's.
import { workloadKey } from '../../shared/comparison';
import { perOp } from '../../shared/per-op';
import { type Role } from '../../shared/roles';
import { roleOf } from '../../shared/mounts';
import type { RunFile } from '../../shared/result-schema';
import type { VersionSource } from '../../shared/team-view';
import type { TeamRun } from './read-dataset';

export interface TeamFigure {
  machineId: string;
  runId: string;
  createdAt: string;
  /** The engine's product, or null for a host-only run. */
  provider: string | null;
  /**
   * The release the figure was measured on: the product's own (`engine.productVersion`, "4.37.1")
   * when the run recorded it, else the engine's version ("27.4.0"). The engine's version alone
   * merges Docker Desktop's patch releases that kept the engine (4.37.1 and 4.37.2 report 27.4.0
   * as 4.37.0 does: docs/product-facts.md), so `versionSource` says which one this is.
   */
  version: string | null;
  /** Where `version` came from; null when there is none. Versions of two sources never compare. */
  versionSource: VersionSource | null;
  backendKey: string;
  backendLabel: string;
  role: Role | null;
  workloadKey: string;
  size: string;
  /** Seconds per operation: the mean and every sample. */
  mean: number;
  samples: number[];
}

/**
 * How a product version is named in groups and on the page: "docker-desktop 4.37.1" for the
 * product's own release, "docker-desktop engine 27.4.0" when only the engine's version is known.
 */
export function productVersionKey(
  provider: string | null,
  version: string | null,
  source: VersionSource | null = 'product',
): string {
  if (!provider) return 'host only';
  if (!version) return `${provider} (version unknown)`;
  return source === 'engine' ? `${provider} engine ${version}` : `${provider} ${version}`;
}

export function runProduct(run: RunFile): {
  provider: string | null;
  version: string | null;
  versionSource: VersionSource | null;
} {
  const provider = run.engine?.provider ?? null;
  const product = run.engine?.productVersion?.trim();
  if (product) return { provider, version: product, versionSource: 'product' };
  const engine = run.engine?.serverVersion.trim();
  // "unknown" is what a run records when the engine did not say (engines/engine-info.ts).
  if (engine && engine !== 'unknown') return { provider, version: engine, versionSource: 'engine' };
  return { provider, version: null, versionSource: null };
}

export function teamFigures(runs: readonly TeamRun[]): TeamFigure[] {
  const figures: TeamFigure[] = [];
  for (const { machineId, run } of runs) {
    const { provider, version, versionSource } = runProduct(run);
    for (const result of run.results) {
      const ops = result.opsPerSample;
      figures.push({
        machineId,
        runId: run.id,
        createdAt: run.createdAt,
        provider: result.backend.provider ?? provider,
        version,
        versionSource,
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
