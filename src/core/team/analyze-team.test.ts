import { describe, expect, it } from 'vitest';
import { analyzeTeam } from './analyze-team';
import { teamDataset } from './test-support/team-dataset';

// 12 machines: two of each chip in TEAM_CHIPS, so M1 holds the M1 and M1 Pro pairs (4 machines).
const runs = teamDataset({ machines: 12, runsPerVersion: 2 });

describe('analyzeTeam', () => {
  const analysis = analyzeTeam(runs, {
    machine: { chip: 'Apple M1 Max', arch: 'arm64' },
    provider: 'docker-desktop',
  });

  it('lists every machine once with its chip family and the releases it measured', () => {
    expect(analysis.runs).toBe(72);
    expect(analysis.machines).toHaveLength(12);
    const families = analysis.machines.map((m) => m.chipFamily);
    expect(families.filter((f) => f === 'M1')).toHaveLength(4);
    expect(families.filter((f) => f === 'Intel')).toHaveLength(2);
    for (const m of analysis.machines) {
      expect(m.runs).toBe(6);
      // The generator's default files predate the product's own release: the engine's version it is.
      expect(m.products).toEqual([
        'docker-desktop engine 27.3.1',
        'docker-desktop engine 27.4.0',
        'docker-desktop engine 27.5.1',
      ]);
    }
  });

  it('gives a spread per workload and backend, one figure per machine, by chip family and by product version', () => {
    expect(analysis.spreads).toHaveLength(6);
    const sfr = analysis.spreads.find(
      (s) => s.workloadKey === 'small-file-read' && s.backendKey === 'docker-desktop/vz-virtiofs/bind',
    )!;
    expect(sfr.role).toBe('source-tree');
    expect(sfr.size).toBe('default');
    expect(sfr.byChipFamily.map((g) => [g.key, g.distribution.n])).toEqual([
      ['Intel', 2],
      ['M1', 4],
      ['M2', 2],
      ['M3', 2],
      ['M4', 2],
    ]);
    expect(sfr.byProductVersion.map((g) => [g.key, g.distribution.n])).toEqual([
      ['docker-desktop engine 27.3.1', 12],
      ['docker-desktop engine 27.4.0', 12],
      ['docker-desktop engine 27.5.1', 12],
    ]);
    const intel = sfr.byChipFamily[0];
    const m4 = sfr.byChipFamily[4];
    // The generator makes Intel Macs about three times as slow as M4s.
    expect(intel.distribution.min).toBeGreaterThan(m4.distribution.max);
    const { min, q1, median, q3, max } = sfr.byChipFamily[1].distribution;
    expect(min).toBeLessThanOrEqual(q1);
    expect(q1).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(q3);
    expect(q3).toBeLessThanOrEqual(max);
    expect(sfr.byChipFamily[1].points.map((p) => p.seconds)).toContain(min);
  });

  it('counts which setting wins on how many machines, per role, with the Balanced answer', () => {
    const source = analysis.winners.filter((w) => w.role === 'source-tree');
    expect(source).toEqual([
      expect.objectContaining({ state: 'decided', label: 'VZ + VirtioFS, bind mount', machines: 12 }),
    ]);
    const data = analysis.winners.filter((w) => w.role === 'container-data');
    expect(data).toEqual([expect.objectContaining({ state: 'only', machines: 12 })]);
  });

  it('finds the machines like yours by chip family and product, and what they found', () => {
    expect(analysis.likeYours?.chipFamily).toBe('M1');
    expect(analysis.likeYours?.machineIds).toHaveLength(4);
    expect(analysis.likeYours?.winners[0]).toMatchObject({ role: 'source-tree', machines: 4 });
    const other = analyzeTeam(runs, { machine: { chip: 'Apple M1', arch: 'arm64' }, provider: 'orbstack' });
    expect(other.likeYours?.machineIds).toEqual([]);
    expect(analyzeTeam(runs).likeYours).toBeNull();
  });

  it('with no change planted, claims no change on more than one machine (chance alone flags a lone one now and then)', () => {
    // 12 machines × 6 series × 2 release steps: 144 comparisons at 95 %, so a lone flag or two is
    // what chance gives; the flag then says it was seen on one machine of the twelve.
    expect(analysis.changes.filter((c) => c.sure !== 'one-machine')).toEqual([]);
    for (const change of analysis.changes) {
      expect(change.machines).toHaveLength(1);
      expect(change.measuredBoth).toBe(12);
    }
  });
});
