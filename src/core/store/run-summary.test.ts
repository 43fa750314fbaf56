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

/**
 * A run of these results whose source-tree race stopped without a verdict: out of its time budget
 * (open: Keep measuring goes on), or at its cap with the two bind mounts still in.
 */
function stoppedRace(results: WorkloadResult[], outcome: 'budget' | 'cap' = 'budget') {
  const still = results.filter((r) => r.backend.mount === 'bind').map((r) => r.backend.id);
  return sampleRun({
    results,
    race: {
      rule: { minSamples: 3, maxSamples: 10, alpha: 0.05, perLookAlpha: 0.01, tieMargin: 0.02 },
      workloads: [
        {
          workloadKey: 'small-file-read',
          role: 'source-tree',
          rounds: 10,
          outcome,
          exits: still.map((backendId) => ({ backendId, round: 10, reason: outcome })),
          comparisons: [],
        },
      ],
    },
  });
}

// Ten samples of a noisy small-file read: 95 % calls `noisy` against it × 1.12 different, the
// race's own last look (α = 0.01, one pair) does not.
const noisy = [0.1, 0.118, 0.087, 0.109, 0.093, 0.112, 0.095, 0.104, 0.091, 0.108];

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

  it('holds back only the role whose race ran out of its time budget', () => {
    const run = stoppedRace([bind, otherBind(slow), result('volume', fast)]);
    const roles = summarizeRun(run).winner?.roles;
    expect(roles?.find((r) => r.role === 'source-tree')?.state).toBe('undecided');
    expect(roles?.find((r) => r.role === 'container-data')?.state).toBe('only');
  });

  it('says "tie" when two backends cannot be told apart', () => {
    const run = sampleRun({ results: [bind, otherBind(fast)] });
    expect(summarizeRun(run).winner?.state).toBe('tie');
  });

  it('says "undecided" when a race ran out of its time budget, as the verdict strip does', () => {
    expect(summarizeRun(stoppedRace([bind, otherBind(slow)])).winner).toEqual({
      state: 'undecided',
      label: 'bind mount',
      roles: [{ role: 'source-tree', state: 'undecided', label: 'bind mount' }],
    });
  });

  it('says "undecided", not "tie", when the figures tie but a race ran out of its budget, as the strip does', () => {
    expect(summarizeRun(stoppedRace([bind, otherBind(fast)])).winner?.state).toBe('undecided');
  });

  it('answers a race spent at its cap: no measurable difference within what the run can resolve', () => {
    const winner = summarizeRun(
      stoppedRace([result('bind', noisy), otherBind(noisy.map((x) => x * 1.03))], 'cap'),
    ).winner;
    expect(winner?.roles).toEqual([
      {
        role: 'source-tree',
        state: 'tie',
        label: 'bind mount',
        resolution: expect.any(Number) as number,
        resolvedBy: 'race',
      },
    ]);
  });

  it('calls no difference the race did not: 95 % would, its last look does not', () => {
    const a = result('bind', noisy);
    const b = otherBind(noisy.map((x) => x * 1.12));
    // The premise: a plain 95 % test calls this pair, and so the answer does once the race is open.
    expect(summarizeRun(sampleRun({ results: [a, b] })).winner?.state).toBe('decided');
    expect(summarizeRun(stoppedRace([a, b], 'cap')).winner?.state).toBe('tie');
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
