import { describe, expect, it } from 'vitest';
import { releaseChanges, sureness } from './release-changes';
import { teamFigures } from './team-figures';
import { teamDataset } from './test-support/team-dataset';

const SFR_BIND = { workload: 'small-file-read', backendId: 'docker-desktop/vz-virtiofs/bind' } as const;
const DD_VOLUME = { workload: 'dd-write', backendId: 'docker-desktop/vz-virtiofs/volume' } as const;

describe('releaseChanges', () => {
  it('flags a planted regression on every machine that measured both releases, with its ratio and interval', () => {
    const runs = teamDataset({
      machines: 6,
      runsPerVersion: 1,
      changes: [{ ...SFR_BIND, version: '27.5.1', factor: 1.3 }],
    });
    const changes = releaseChanges(teamFigures(runs));
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change).toMatchObject({
      kind: 'regression',
      provider: 'docker-desktop',
      backendKey: SFR_BIND.backendId,
      workloadKey: 'small-file-read',
      size: 'default',
      fromVersion: '27.4.0',
      toVersion: '27.5.1',
      versionSource: 'engine',
      measuredBoth: 6,
      sure: 'most-machines',
    });
    expect(change.machines).toHaveLength(6);
    expect(new Set(change.machines.map((m) => m.machineId))).toEqual(new Set(runs.map((r) => r.machineId)));
    for (const m of change.machines) {
      expect(m.low).toBeGreaterThan(1);
      expect(m.low).toBeLessThan(1.3);
      expect(m.high).toBeGreaterThan(1.3);
    }
    expect(change.medianRatio).toBeCloseTo(1.3, 1);
  });

  it('flags a regression between two Docker Desktop releases that ship the same engine', () => {
    // 4.37.1 and 4.37.2 both run Docker Engine 27.4.0 (docs/product-facts.md).
    const runs = teamDataset({
      machines: 6,
      runsPerVersion: 1,
      versions: ['4.37.1', '4.37.2'],
      engineOf: { '4.37.1': '27.4.0', '4.37.2': '27.4.0' },
      changes: [{ ...SFR_BIND, version: '4.37.2', factor: 1.3 }],
    });
    expect(new Set(runs.map((r) => r.run.engine?.serverVersion))).toEqual(new Set(['27.4.0']));
    const changes = releaseChanges(teamFigures(runs));
    expect(changes.map((c) => [c.kind, c.workloadKey, c.fromVersion, c.toVersion, c.versionSource])).toEqual([
      ['regression', 'small-file-read', '4.37.1', '4.37.2', 'product'],
    ]);
    expect(changes[0].measuredBoth).toBe(6);
    expect(changes[0].machines).toHaveLength(6);
    // The same files without the product's release (as written before it was recorded) are one
    // engine version, so nothing before or after can be told apart: the gap this field closes.
    const engineOnly = runs.map((r) => ({
      ...r,
      run: { ...r.run, engine: { ...r.run.engine!, productVersion: undefined } },
    }));
    expect(releaseChanges(teamFigures(engineOnly))).toEqual([]);
  });

  it("never sets an engine's version against a product's release on one machine", () => {
    // The machine's older run recorded only the engine (27.4.0); its newer one the release (4.37.2).
    const runs = teamDataset({
      machines: 4,
      runsPerVersion: 1,
      versions: ['4.37.1', '4.37.2'],
      engineOf: { '4.37.1': '27.4.0', '4.37.2': '27.4.0' },
      changes: [{ ...SFR_BIND, version: '4.37.2', factor: 1.5 }],
    });
    const mixed = runs.map((r) =>
      r.run.engine?.productVersion === '4.37.1'
        ? { ...r, run: { ...r.run, engine: { ...r.run.engine, productVersion: null } } }
        : r,
    );
    const figures = teamFigures(mixed);
    expect(new Set(figures.map((f) => `${f.versionSource} ${f.version}`))).toEqual(
      new Set(['engine 27.4.0', 'product 4.37.2']),
    );
    expect(releaseChanges(figures)).toEqual([]);
  });

  it('flags an improvement as one, and says nothing of a noise-level change (overlapping intervals)', () => {
    const runs = teamDataset({
      machines: 6,
      runsPerVersion: 1,
      changes: [
        { ...SFR_BIND, version: '27.4.0', factor: 0.7 },
        // 0.2 % with 1 % noise per sample: the intervals overlap on every machine.
        { ...DD_VOLUME, version: '27.5.1', factor: 1.002 },
      ],
    });
    const changes = releaseChanges(teamFigures(runs));
    expect(changes.map((c) => [c.kind, c.workloadKey, c.backendKey, c.fromVersion, c.toVersion])).toEqual([
      ['improvement', 'small-file-read', SFR_BIND.backendId, '27.3.1', '27.4.0'],
    ]);
    expect(changes[0].machines.every((m) => m.high < 1)).toBe(true);
  });

  it('needs the same machine before and after: a slow machine on the new release and a fast one on the old flag nothing', () => {
    const runs = teamDataset({ machines: 6, runsPerVersion: 1, versions: ['27.4.0', '27.5.1'] });
    // Machine 0 (Apple M1) keeps only 27.4.0, machine 5 (Intel, twice as slow) only 27.5.1.
    const ids = [...new Set(runs.map((r) => r.machineId))];
    const kept = runs.filter(
      (r) =>
        (r.machineId === ids[0] && r.run.engine?.serverVersion === '27.4.0') ||
        (r.machineId === ids[5] && r.run.engine?.serverVersion === '27.5.1'),
    );
    expect(kept).toHaveLength(2);
    expect(releaseChanges(teamFigures(kept))).toEqual([]);
  });

  it('counts a machine that saw no change among those that measured both, so the flag says how sure it is', () => {
    const runs = teamDataset({
      machines: 4,
      runsPerVersion: 1,
      versions: ['27.4.0', '27.5.1'],
      changes: [{ ...SFR_BIND, version: '27.5.1', factor: 1.5 }],
    });
    const ids = [...new Set(runs.map((r) => r.machineId))];
    // The last machine's 27.5.1 run is replaced by a copy of its 27.4.0 figures: no change there.
    const before = runs.find((r) => r.machineId === ids[3] && r.run.engine?.serverVersion === '27.4.0')!;
    const mixed = runs.map((r) =>
      r.machineId === ids[3] && r.run.engine?.serverVersion === '27.5.1'
        ? { ...r, run: { ...r.run, results: before.run.results } }
        : r,
    );
    const [change] = releaseChanges(teamFigures(mixed));
    expect(change.kind).toBe('regression');
    expect(change.measuredBoth).toBe(4);
    expect(change.sure).toBe('most-machines');
    expect(change.machines.map((m) => m.machineId).sort()).toEqual(ids.slice(0, 3).sort());
  });
});

describe('sureness', () => {
  it('says most machines only past half of those that measured both, and never for one machine', () => {
    expect(sureness(1, 1)).toBe('one-machine');
    expect(sureness(2, 4)).toBe('some-machines');
    expect(sureness(3, 4)).toBe('most-machines');
    expect(sureness(2, 2)).toBe('most-machines');
  });
});
