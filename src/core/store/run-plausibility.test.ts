import { describe, expect, it } from 'vitest';
import type { RunFile } from '../../shared/result-schema';
import { checkRunPlausible } from './run-plausibility';
import { sampleRun, sampleWorkloadResult } from './test-support/run-fixture';

function runWith(change: (r: RunFile['results'][number]) => void, run: Partial<RunFile> = {}): RunFile {
  const result = sampleWorkloadResult();
  change(result);
  return sampleRun({ results: [result], ...run });
}

describe('checkRunPlausible', () => {
  it('accepts a real-looking run', () => {
    expect(() => checkRunPlausible(sampleRun(), 'f.json')).not.toThrow();
  });

  it('accepts a single run with no σ', () => {
    const run = runWith((r) => {
      r.stats = { ...r.stats, samples: [2], mean: 2, median: 2, min: 2, max: 2, stddev: null, runs: 1 };
    });
    expect(() => checkRunPlausible(run, 'f.json')).not.toThrow();
  });

  it('tolerates the last-digit noise of another JSON writer', () => {
    const run = runWith((r) => {
      r.stats.mean = 0.15100000000000002;
    });
    expect(() => checkRunPlausible(run, 'f.json')).not.toThrow();
  });

  it.each<[string, (r: RunFile['results'][number]) => void, RegExp]>([
    ['a two-day sample', (r) => (r.stats.samples[0] = 172800), /stats\.samples\[0\] is 172800 s/],
    [
      'a σ its samples do not give',
      (r) => (r.stats.stddev = 0.5),
      /stats\.stddev is 0\.5 but its samples give 0\.00158/,
    ],
    [
      'a σ on a single sample',
      (r) => (r.stats = { ...r.stats, samples: [1], mean: 1, median: 1, min: 1, max: 1, runs: 1, stddev: 0 }),
      /stats\.stddev is 0 but its samples give null/,
    ],
    ['a median outside the samples', (r) => (r.stats.median = 9), /median 9 lies outside/],
    ['an outlier index past the end', (r) => (r.stats.outliers = [7]), /outliers names sample 7/],
    [
      'an absurd derived figure',
      (r) => (r.derived = { mbPerSecond: 1e300 }),
      /derived\.mbPerSecond is 1e\+300/,
    ],
    [
      'an absurd first run',
      (r) => (r.firstRun = { seconds: 1e9, differs: true }),
      /firstRun\.seconds is 1000000000 s/,
    ],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkRunPlausible(runWith(change), 'f.json')).toThrow(message);
  });

  it('refuses a run that finished before it started, or absurd memory', () => {
    expect(() => checkRunPlausible(sampleRun({ finishedAt: '2024-05-01T10:00:00.000Z' }), 'f.json')).toThrow(
      /finishedAt .* is before createdAt/,
    );
    const run = sampleRun();
    run.machine.memoryBytes = 1e300;
    expect(() => checkRunPlausible(run, 'f.json')).toThrow(/machine\.memoryBytes 1e\+300 is absurd/);
  });
});
