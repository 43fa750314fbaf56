import { describe, expect, it } from 'vitest';
import { compareRows } from '../../core/compare';
import { makeRow, samplesAround } from '../../core/recommend/test-support/make-row';
import { groupRowsByRun } from './compare-by-run';

describe('groupRowsByRun', () => {
  // Before and after a change on one machine: run 2's volume is faster than run 1's bind mount.
  const rows = [
    makeRow({
      runId: 'run-1',
      createdAt: '2026-12-01T09:30:00.000Z',
      workload: 'dd-write',
      samples: samplesAround(2),
    }),
    makeRow({
      runId: 'run-1',
      createdAt: '2026-12-01T09:30:00.000Z',
      mount: 'volume',
      workload: 'dd-write',
      samples: samplesAround(4),
    }),
    makeRow({
      runId: 'run-2',
      createdAt: '2026-12-02T10:00:00.000Z',
      mount: 'volume',
      workload: 'dd-write',
      samples: samplesAround(1),
    }),
    makeRow({ runId: 'run-9', machine: 'machine-b', workload: 'dd-write', samples: samplesAround(3) }),
  ];

  it('ranks each run of a machine against its own fastest, never across runs', () => {
    const [group] = compareRows(groupRowsByRun(rows));
    expect(group.machines.map((m) => [m.label, m.entries.map((e) => [e.row.backend.key, e.ratio])])).toEqual([
      [
        'Machine machine-a · run of 2026-12-01 09:30 UTC',
        [
          ['docker-engine/native/bind', 1],
          ['docker-engine/native/volume', expect.closeTo(2, 6)],
        ],
      ],
      ['Machine machine-a · run of 2026-12-02 10:00 UTC', [['docker-engine/native/volume', 1]]],
      // A machine with one run keeps its plain name.
      ['Machine machine-b', [['docker-engine/native/bind', 1]]],
    ]);
  });

  it('leaves rows alone when every machine has one run, and published figures always', () => {
    const one = [rows[0], rows[1], rows[3]];
    expect(groupRowsByRun(one)).toEqual(one);
    const published = {
      ...rows[0],
      source: { kind: 'published' as const, sourceId: 's', title: 't', url: null },
    };
    expect(groupRowsByRun([published, ...rows])[0]).toBe(published);
  });

  it('two runs of one machine in the same minute still get two groups, told apart by the run', () => {
    const sameMinute = [rows[0], { ...rows[2], source: { ...rows[0].source, runId: 'run-2' } }];
    const groups = compareRows(groupRowsByRun(sameMinute))[0].machines;
    expect(groups).toHaveLength(2);
    expect(new Set(groups.map((g) => g.label)).size).toBe(2);
    expect(groups[1].label).toContain('run-2');
  });
});
