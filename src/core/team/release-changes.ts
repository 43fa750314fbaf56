// Did a product release make a machine slower or faster? Only the same machine measured before and
// after can say: per machine, backend and workload (and size), each release's latest run is set
// against the machine's previous release. A change is flagged only when the two runs' 95 %
// intervals of the mean (from the samples the run file keeps) do not overlap; overlapping ones are
// noise and flag nothing. The flag counts the machines that saw it against those that measured both
// releases, and gives each machine's ratio (after ÷ before) with its interval (stats/ratio-interval).
import type { ChangeEvidence, ChangeSureness, ReleaseChange } from '../../shared/team-view';
import { confidenceInterval95 } from '../stats/student-t';
import { ratioInterval } from '../stats/ratio-interval';
import { distribution } from './distribution';
import { latestBy, type TeamFigure } from './team-figures';
import { seriesKey } from './team-spread';

/** Releases in version order: 27.10.0 after 27.9.1. */
export const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

interface Step {
  before: TeamFigure;
  after: TeamFigure;
}

function intervalsOverlap(a: readonly number[], b: readonly number[]): boolean | null {
  const ia = confidenceInterval95(a);
  const ib = confidenceInterval95(b);
  if (!ia || !ib) return null;
  return ia.lower <= ib.upper && ib.lower <= ia.upper;
}

/** Each machine's consecutive releases of one product on one backend and workload. */
function steps(figures: readonly TeamFigure[]): Step[] {
  const versioned = figures.filter((f) => f.provider !== null && f.version !== null);
  // A product's release and an engine's version are different scales (4.37.1, 27.4.0): a machine's
  // releases are set in order within one source only.
  const ofSource = (f: TeamFigure) => `${f.machineId}\u0000${seriesKey(f)}\u0000${f.versionSource}`;
  const latest = latestBy(versioned, (f) => `${ofSource(f)}\u0000${f.version}`);
  const series = new Map<string, TeamFigure[]>();
  for (const f of latest.values()) {
    const key = ofSource(f);
    const list = series.get(key);
    if (list) list.push(f);
    else series.set(key, [f]);
  }
  const out: Step[] = [];
  for (const list of series.values()) {
    list.sort((a, b) => byVersion(a.version!, b.version!));
    for (let i = 1; i < list.length; i++) out.push({ before: list[i - 1], after: list[i] });
  }
  return out;
}

export function sureness(seenOn: number, measuredBoth: number): ChangeSureness {
  if (seenOn < 2) return 'one-machine';
  return seenOn * 2 > measuredBoth ? 'most-machines' : 'some-machines';
}

export function releaseChanges(figures: readonly TeamFigure[]): ReleaseChange[] {
  const byPair = new Map<string, Step[]>();
  for (const step of steps(figures)) {
    const key = `${seriesKey(step.after)}\u0000${step.after.versionSource}\u0000${step.before.version}\u0000${step.after.version}`;
    const list = byPair.get(key);
    if (list) list.push(step);
    else byPair.set(key, [step]);
  }
  const changes: ReleaseChange[] = [];
  for (const pair of byPair.values()) {
    const seen: Record<ReleaseChange['kind'], ChangeEvidence[]> = { regression: [], improvement: [] };
    for (const { before, after } of pair) {
      if (intervalsOverlap(before.samples, after.samples) !== false) continue;
      const ratio = ratioInterval(after.samples, before.samples);
      if (!ratio) continue;
      seen[after.mean > before.mean ? 'regression' : 'improvement'].push({
        machineId: after.machineId,
        ratio: ratio.ratio,
        low: ratio.low,
        high: ratio.high,
        beforeRunId: before.runId,
        afterRunId: after.runId,
      });
    }
    const { after, before } = pair[0];
    for (const kind of ['regression', 'improvement'] as const) {
      const machines = seen[kind].sort((a, b) => a.machineId.localeCompare(b.machineId));
      if (machines.length === 0) continue;
      changes.push({
        kind,
        sure: sureness(machines.length, pair.length),
        provider: after.provider!,
        backendKey: after.backendKey,
        backendLabel: after.backendLabel,
        workloadKey: after.workloadKey,
        size: after.size,
        fromVersion: before.version!,
        toVersion: after.version!,
        versionSource: after.versionSource ?? 'engine',
        machines,
        measuredBoth: pair.length,
        medianRatio: distribution(machines.map((m) => m.ratio))!.median,
      });
    }
  }
  // The surest claims first: seen on the largest share of the machines that could see them.
  return changes.sort(
    (a, b) =>
      b.machines.length / b.measuredBoth - a.machines.length / a.measuredBoth ||
      b.machines.length - a.machines.length ||
      a.workloadKey.localeCompare(b.workloadKey) ||
      a.backendKey.localeCompare(b.backendKey),
  );
}
