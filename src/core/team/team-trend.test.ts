import { describe, expect, it } from 'vitest';
import { confidenceInterval95 } from '../stats/student-t';
import { releaseChanges } from './release-changes';
import { teamFigures } from './team-figures';
import { teamTrends } from './team-trend';
import { teamDataset } from './test-support/team-dataset';

const SFR_BIND = { workload: 'small-file-read', backendId: 'docker-desktop/vz-virtiofs/bind' } as const;
const DD_VOLUME = { workload: 'dd-write', backendId: 'docker-desktop/vz-virtiofs/volume' } as const;

function trendsOf(runs: ReturnType<typeof teamDataset>, bounds?: Parameters<typeof teamTrends>[2]) {
  const figures = teamFigures(runs);
  return teamTrends(figures, releaseChanges(figures), bounds);
}

describe('teamTrends', () => {
  it('gives each machine a line over the releases, a point per release with the interval of its mean', () => {
    const runs = teamDataset({ machines: 4, runsPerVersion: 1 });
    const { series, leftOut, leftOutCount } = trendsOf(runs);
    // 2 workloads × 3 backends, all on docker-desktop.
    expect(series).toHaveLength(6);
    expect(leftOut).toEqual([]);
    expect(leftOutCount).toBe(0);
    const sfr = series.find(
      (s) => s.workloadKey === 'small-file-read' && s.backendKey === SFR_BIND.backendId,
    )!;
    expect(sfr).toMatchObject({ provider: 'docker-desktop', size: 'default', role: 'source-tree' });
    expect(sfr.versions).toEqual(['27.3.1', '27.4.0', '27.5.1']);
    expect(sfr.lines.map((l) => l.machineId)).toEqual([...new Set(runs.map((r) => r.machineId))].sort());
    expect(sfr.machinesLeftOut).toBe(0);
    const machine = sfr.lines[0].machineId;
    for (const p of sfr.lines[0].points) {
      const run = runs.find((r) => r.run.id === p.runId)!;
      expect(run.machineId).toBe(machine);
      expect(run.run.engine?.serverVersion).toBe(p.version);
      const samples = run.run.results.find(
        (r) => r.backend.id === SFR_BIND.backendId && r.workload.id === 'small-file-read',
      )!.stats.samples;
      const ci = confidenceInterval95(samples)!;
      expect(p.seconds).toBeCloseTo(ci.mean, 12);
      expect(p.low).toBeCloseTo(ci.lower, 12);
      expect(p.high).toBeCloseTo(ci.upper, 12);
      expect(p.flag).toBeNull();
    }
  });

  it("draws a product's own releases and its engine's versions as separate series, never on one line", () => {
    // Each machine's older run recorded only the engine (27.4.0 and 27.5.1), its newer ones the
    // product's releases (4.37.1, 4.37.2): two numberings that cannot be put in one order.
    const engineRuns = teamDataset({
      machines: 3,
      runsPerVersion: 1,
      versions: ['27.4.0', '27.5.1'],
      seed: 7,
    });
    const productRuns = teamDataset({
      machines: 3,
      runsPerVersion: 1,
      versions: ['4.37.1', '4.37.2'],
      engineOf: { '4.37.1': '27.5.1', '4.37.2': '27.5.1' },
      seed: 7,
    });
    const { series } = trendsOf([...engineRuns, ...productRuns]);
    const sfr = series.filter(
      (s) => s.workloadKey === 'small-file-read' && s.backendKey === SFR_BIND.backendId,
    );
    expect(sfr.map((s) => [s.versionSource, s.versions]).sort()).toEqual([
      ['engine', ['27.4.0', '27.5.1']],
      ['product', ['4.37.1', '4.37.2']],
    ]);
    for (const s of sfr) for (const line of s.lines) expect(line.points).toHaveLength(2);
  });

  it('marks the points release-changes flagged, on the machines that saw it, and not a noise-level change', () => {
    const runs = teamDataset({
      machines: 6,
      runsPerVersion: 1,
      versions: ['27.4.0', '27.5.1'],
      changes: [
        { ...SFR_BIND, version: '27.5.1', factor: 1.3 },
        { ...DD_VOLUME, version: '27.5.1', factor: 1.002 },
      ],
      seed: 2027,
    });
    const { series } = trendsOf(runs);
    const sfr = series.find(
      (s) => s.workloadKey === 'small-file-read' && s.backendKey === SFR_BIND.backendId,
    )!;
    expect(sfr.lines).toHaveLength(6);
    for (const line of sfr.lines) {
      expect(line.points.map((p) => [p.version, p.flag])).toEqual([
        ['27.4.0', null],
        ['27.5.1', 'regression'],
      ]);
      expect(line.points[1].seconds / line.points[0].seconds).toBeGreaterThan(1.2);
      // Not overlapping: that is what the flag means.
      expect(line.points[1].low!).toBeGreaterThan(line.points[0].high!);
    }
    const dd = series.find((s) => s.workloadKey === 'dd-write' && s.backendKey === DD_VOLUME.backendId)!;
    expect(dd.lines.flatMap((l) => l.points).filter((p) => p.flag !== null)).toEqual([]);
  });

  it('versions sort as versions, and a machine on one release only has no line', () => {
    const runs = teamDataset({ machines: 3, runsPerVersion: 1, versions: ['27.9.1', '27.10.0'] });
    const ids = [...new Set(runs.map((r) => r.machineId))];
    // The last machine keeps only its 27.10.0 run.
    const kept = runs.filter((r) => !(r.machineId === ids[2] && r.run.engine?.serverVersion === '27.9.1'));
    const { series } = trendsOf(kept);
    for (const s of series) {
      expect(s.versions).toEqual(['27.9.1', '27.10.0']);
      expect(s.lines.map((l) => l.machineId)).toEqual([ids[0], ids[1]].sort());
      for (const l of s.lines) expect(l.points.map((p) => p.version)).toEqual(['27.9.1', '27.10.0']);
    }
  });

  it('takes the latest run of a machine on a release, as release-changes does', () => {
    const runs = teamDataset({ machines: 2, runsPerVersion: 3, versions: ['27.4.0', '27.5.1'] });
    const { series } = trendsOf(runs);
    const sfr = series.find(
      (s) => s.workloadKey === 'small-file-read' && s.backendKey === SFR_BIND.backendId,
    )!;
    for (const line of sfr.lines) {
      expect(line.points).toHaveLength(2);
      for (const p of line.points) {
        const same = runs.filter(
          (r) => r.machineId === line.machineId && r.run.engine?.serverVersion === p.version,
        );
        expect(same).toHaveLength(3);
        const newest = same.reduce((a, b) => (b.run.createdAt > a.run.createdAt ? b : a));
        expect(p.runId).toBe(newest.run.id);
      }
    }
  });

  it('is bounded: flagged series and machines are kept first, and what was left out is counted and named', () => {
    const runs = teamDataset({
      machines: 6,
      runsPerVersion: 1,
      versions: ['27.4.0', '27.5.1'],
      changes: [{ ...SFR_BIND, version: '27.5.1', factor: 1.3 }],
      seed: 2027,
    });
    const ids = [...new Set(runs.map((r) => r.machineId))];
    // Only machine 4 keeps a line on the regressed series: the other machines' 27.5.1 runs lose
    // that result, so they were measured on one release there.
    const edited = runs.map((r) =>
      r.machineId !== ids[4] && r.run.engine?.serverVersion === '27.5.1'
        ? {
            ...r,
            run: {
              ...r.run,
              results: r.run.results.filter(
                (x) => !(x.backend.id === SFR_BIND.backendId && x.workload.id === SFR_BIND.workload),
              ),
            },
          }
        : r,
    );
    const { series, leftOut, leftOutCount } = trendsOf(edited, { series: 2, lines: 1 });
    expect(series).toHaveLength(2);
    // The flagged series is kept, and on it the one machine that saw the flag.
    const sfr = series.find(
      (s) => s.workloadKey === 'small-file-read' && s.backendKey === SFR_BIND.backendId,
    )!;
    expect(sfr.lines.map((l) => l.machineId)).toEqual([ids[4]]);
    expect(sfr.machinesLeftOut).toBe(0);
    expect(sfr.lines[0].points[1].flag).toBe('regression');
    const other = series.find((s) => s !== sfr)!;
    expect(other.lines).toHaveLength(1);
    expect(other.machinesLeftOut).toBe(5);
    expect(leftOutCount).toBe(4);
    expect(leftOut).toHaveLength(4);
    for (const l of leftOut) expect(l).toMatchObject({ provider: 'docker-desktop', machines: 6 });
    const shown = new Set(series.map((s) => `${s.workloadKey} ${s.backendLabel}`));
    for (const l of leftOut) expect(shown.has(`${l.workloadKey} ${l.backendLabel}`)).toBe(false);
  });

  it('leaves out host-only figures and those with no version: they are on no product release', () => {
    const runs = teamDataset({ machines: 2, runsPerVersion: 1, versions: ['27.4.0', '27.5.1'] });
    const figures = teamFigures(runs).map((f) => ({ ...f, version: null }));
    expect(teamTrends(figures, []).series).toEqual([]);
    const hostOnly = teamFigures(runs).map((f) => ({ ...f, provider: null }));
    expect(teamTrends(hostOnly, []).series).toEqual([]);
  });
});
