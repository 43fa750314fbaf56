import { describe, expect, it } from 'vitest';
import type { WorkloadResult } from '../../shared/result-schema';
import { markImported, summarizeRun } from './run-summary';
import { sampleRun, sampleWorkloadResult } from './test-support/run-fixture';

function result(mount: 'bind' | 'volume', samples: number[]): WorkloadResult {
  const base = sampleWorkloadResult();
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const sd = Math.sqrt(samples.reduce((a, x) => a + (x - mean) ** 2, 0) / (samples.length - 1));
  return {
    ...base,
    backend: {
      ...base.backend,
      id: `docker-desktop/vz-virtiofs/${mount}`,
      mount,
      label: mount === 'bind' ? 'bind mount' : 'named volume',
    },
    stats: {
      ...base.stats,
      samples,
      mean,
      stddev: sd,
      median: [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)],
      min: Math.min(...samples),
      max: Math.max(...samples),
      runs: samples.length,
    },
  };
}

const fast = [0.1, 0.101, 0.099, 0.1, 0.102, 0.098, 0.1, 0.101, 0.099, 0.1];
const slow = fast.map((x) => x * 3);

const bind = result('bind', fast);
const otherBind = (samples: number[]): WorkloadResult => ({
  ...result('bind', samples),
  backend: { ...bind.backend, id: 'colima/vz/bind', provider: 'colima', label: 'colima bind mount' },
});

/** A run of these results whose source-tree race stopped at its cap, deciding nothing. */
function cappedRace(results: WorkloadResult[]) {
  return sampleRun({
    results,
    race: {
      rule: { minSamples: 3, maxSamples: 10, alpha: 0.05, perLookAlpha: 0.01, tieMargin: 0.02 },
      workloads: [
        {
          workloadKey: 'small-file-read',
          role: 'source-tree',
          rounds: 10,
          outcome: 'cap',
          exits: [],
          comparisons: [],
        },
      ],
    },
  });
}

describe('summarizeRun: the winner History shows', () => {
  it('names the measurably fastest backend as decided', () => {
    const run = sampleRun({ results: [otherBind(slow), bind] });
    expect(summarizeRun(run).winner).toEqual({
      state: 'decided',
      label: 'bind mount',
      roles: [{ role: 'source-tree', state: 'decided', label: 'bind mount' }],
    });
  });

  it('answers per role: a volume 3 × faster wins container-only data, the lone bind mount is the only option', () => {
    const volume = result('volume', fast);
    const run = sampleRun({ results: [result('bind', slow), volume] });
    expect(summarizeRun(run).winner).toEqual({
      state: 'only',
      label: 'bind mount',
      roles: [
        { role: 'source-tree', state: 'only', label: 'bind mount' },
        { role: 'container-data', state: 'only', label: 'named volume' },
      ],
    });
  });

  it('holds back only the role whose race stopped at its cap', () => {
    const run = cappedRace([bind, otherBind(slow), result('volume', fast)]);
    const roles = summarizeRun(run).winner?.roles;
    expect(roles?.find((r) => r.role === 'source-tree')?.state).toBe('undecided');
    expect(roles?.find((r) => r.role === 'container-data')?.state).toBe('only');
  });

  it('says "tie" when two backends cannot be told apart', () => {
    const run = sampleRun({ results: [bind, otherBind(fast)] });
    expect(summarizeRun(run).winner?.state).toBe('tie');
  });

  it('says "undecided" when a race stopped at its cap, as the verdict strip does', () => {
    expect(summarizeRun(cappedRace([bind, otherBind(slow)])).winner).toEqual({
      state: 'undecided',
      label: 'bind mount',
      roles: [{ role: 'source-tree', state: 'undecided', label: 'bind mount' }],
    });
  });

  it('says "undecided", not "tie", when the figures tie but a race stopped at its cap, as the strip does', () => {
    expect(summarizeRun(cappedRace([bind, otherBind(fast)])).winner?.state).toBe('undecided');
  });

  it('names no winner for a run without results', () => {
    expect(summarizeRun(sampleRun({ results: [] })).winner).toBeNull();
  });
});

describe('markImported', () => {
  const here = sampleRun().machine;

  it('marks hyperfine exports and runs of other hardware, not runs of this machine', () => {
    const mine = summarizeRun(sampleRun({ id: 'run-mine', machine: { ...here, label: 'my laptop' } }));
    const theirs = summarizeRun(sampleRun({ id: 'run-theirs', machine: { ...here, chip: 'Intel Core i7' } }));
    const hyperfine = summarizeRun(
      sampleRun({ id: 'run-hf', origin: { tool: 'hyperfine', file: 'bench.json' } }),
    );
    const marked = markImported([mine, theirs, hyperfine], here);
    expect(marked.map((s) => s.imported)).toEqual([undefined, 'another machine', 'hyperfine']);
  });
});
