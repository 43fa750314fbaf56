// The trend: per product, backend (variant and mount) and workload (and size), each machine's figure
// on each release it measured, as a line over the product's releases. Only the same machine across
// releases says anything about a release, so only machines measured on more than one release get a
// line. A point is the machine's latest run on that release, the same run release-changes.ts sets
// against the previous release, with the 95 % interval of its mean; the points release-changes
// flagged carry the flag, so the chart and the list of changes tell one story.
// Bounded, because a dataset of 50 machines × dozens of backends and workloads would otherwise make
// the page's payload and its charts unreadable: flagged series and lines are kept first, and what
// was left out is counted and named.
import type {
  ReleaseChange,
  TeamTrend,
  TeamTrends,
  TrendLeftOut,
  TrendLine,
  TrendPoint,
} from '../../shared/team-view';
import { confidenceInterval95 } from '../stats/student-t';
import { byVersion } from './release-changes';
import { latestBy, type TeamFigure } from './team-figures';
import { seriesKey } from './team-spread';

export interface TrendBounds {
  /** Series (charts) kept. */
  series: number;
  /** Lines (machines) kept per series. */
  lines: number;
}

export const TREND_BOUNDS: TrendBounds = { series: 24, lines: 12 };

/** Series left out that are named; the rest are only counted (a hostile dataset could hold thousands). */
const LEFT_OUT_NAMED = 50;

// The product's own releases and its engine's versions are two numberings that cannot be ordered
// together (release-changes.ts keeps them apart too), so each is its own series.
const productSeriesKey = (
  f: Pick<TeamFigure, 'provider' | 'workloadKey' | 'size' | 'backendKey'> & {
    versionSource: TeamFigure['versionSource'];
  },
) => `${f.provider}\u0000${seriesKey(f)}\u0000${f.versionSource ?? 'engine'}`;

const flagKey = (series: string, machineId: string, version: string) =>
  `${series}\u0000${machineId}\u0000${version}`;

/** Where release-changes flagged a change: the series, the machine and the release after. */
function flagsOf(changes: readonly ReleaseChange[]): Map<string, ReleaseChange['kind']> {
  const flags = new Map<string, ReleaseChange['kind']>();
  for (const c of changes) {
    const series = productSeriesKey(c);
    for (const m of c.machines) flags.set(flagKey(series, m.machineId, c.toVersion), c.kind);
  }
  return flags;
}

/** A point without its interval yet: intervals cost a t quantile each, so only drawn points get one. */
function point(f: TeamFigure, flag: ReleaseChange['kind'] | null): TrendPoint {
  return { version: f.version!, seconds: f.mean, low: null, high: null, runId: f.runId, flag };
}

function withInterval(p: TrendPoint, samples: readonly number[]): void {
  const interval = confidenceInterval95(samples);
  if (!interval) return;
  p.low = interval.lower;
  p.high = interval.upper;
}

const flaggedPoints = (line: TrendLine) => line.points.filter((p) => p.flag !== null).length;

interface Candidate {
  trend: TeamTrend;
  /** All its lines before the bound, for ordering and for what is left out. */
  allLines: TrendLine[];
  flagged: number;
}

export function teamTrends(
  figures: readonly TeamFigure[],
  changes: readonly ReleaseChange[],
  bounds: TrendBounds = TREND_BOUNDS,
): TeamTrends {
  const flags = flagsOf(changes);
  const versioned = figures.filter((f) => f.provider !== null && f.version !== null);
  const latest = latestBy(versioned, (f) => `${productSeriesKey(f)}\u0000${f.machineId}\u0000${f.version}`);
  const bySeries = new Map<string, Map<string, TeamFigure[]>>();
  for (const f of latest.values()) {
    const key = productSeriesKey(f);
    const machines = bySeries.get(key) ?? new Map<string, TeamFigure[]>();
    bySeries.set(key, machines);
    const list = machines.get(f.machineId);
    if (list) list.push(f);
    else machines.set(f.machineId, [f]);
  }

  const samplesOf = new Map<TrendPoint, readonly number[]>();
  const candidates: Candidate[] = [];
  for (const [key, machines] of bySeries) {
    const allLines: TrendLine[] = [];
    let first: TeamFigure | null = null;
    for (const [machineId, list] of machines) {
      if (list.length < 2) continue;
      first ??= list[0];
      list.sort((a, b) => byVersion(a.version!, b.version!));
      allLines.push({
        machineId,
        points: list.map((f) => {
          const p = point(f, flags.get(flagKey(key, machineId, f.version!)) ?? null);
          samplesOf.set(p, f.samples);
          return p;
        }),
      });
    }
    if (!first) continue;
    // Flagged machines first (they are what the chart is for), then the longest records.
    allLines.sort(
      (a, b) =>
        flaggedPoints(b) - flaggedPoints(a) ||
        b.points.length - a.points.length ||
        a.machineId.localeCompare(b.machineId),
    );
    const lines = allLines.slice(0, bounds.lines).sort((a, b) => a.machineId.localeCompare(b.machineId));
    const versions = [...new Set(lines.flatMap((l) => l.points.map((p) => p.version)))].sort(byVersion);
    candidates.push({
      trend: {
        provider: first.provider!,
        versionSource: first.versionSource ?? 'engine',
        backendKey: first.backendKey,
        backendLabel: first.backendLabel,
        role: first.role,
        workloadKey: first.workloadKey,
        size: first.size,
        versions,
        lines,
        machinesLeftOut: allLines.length - lines.length,
      },
      allLines,
      flagged: allLines.reduce((n, l) => n + flaggedPoints(l), 0),
    });
  }

  // Series with flags first, then those measured on the most machines; ties in a fixed order so the
  // page does not depend on the order files were read in.
  candidates.sort(
    (a, b) =>
      b.flagged - a.flagged ||
      b.allLines.length - a.allLines.length ||
      a.trend.workloadKey.localeCompare(b.trend.workloadKey) ||
      a.trend.size.localeCompare(b.trend.size) ||
      a.trend.backendKey.localeCompare(b.trend.backendKey) ||
      a.trend.provider.localeCompare(b.trend.provider),
  );
  const kept = candidates.slice(0, bounds.series).map((c) => c.trend);
  for (const p of kept.flatMap((t) => t.lines.flatMap((l) => l.points))) withInterval(p, samplesOf.get(p)!);
  const leftOut: TrendLeftOut[] = candidates
    .slice(bounds.series, bounds.series + LEFT_OUT_NAMED)
    .map(({ trend, allLines }) => ({
      provider: trend.provider,
      backendLabel: trend.backendLabel,
      workloadKey: trend.workloadKey,
      size: trend.size,
      machines: allLines.length,
    }));
  // Shown in the page's order: by workload and size, then backend.
  kept.sort(
    (a, b) =>
      a.workloadKey.localeCompare(b.workloadKey) ||
      a.size.localeCompare(b.size) ||
      a.backendKey.localeCompare(b.backendKey) ||
      a.provider.localeCompare(b.provider),
  );
  return { series: kept, leftOut, leftOutCount: Math.max(0, candidates.length - bounds.series) };
}
