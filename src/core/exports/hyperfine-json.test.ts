import { describe, expect, it } from 'vitest';
import { hyperfineJson } from './hyperfine-json';
import { exportTestRun } from './test-support/export-test-run';

const HYPERFINE_KEYS = [
  'command',
  'mean',
  'stddev',
  'median',
  'user',
  'system',
  'min',
  'max',
  'times',
  'exit_codes',
];

describe('hyperfineJson', () => {
  const run = exportTestRun();
  const parsed = JSON.parse(hyperfineJson(run)) as { results: Record<string, unknown>[] };

  it('has hyperfine’s shape: results[] with its fields', () => {
    expect(Object.keys(parsed)).toEqual(['results']);
    expect(parsed.results).toHaveLength(run.results.length);
    for (const r of parsed.results) expect(Object.keys(r)).toEqual([...HYPERFINE_KEYS, 'parameters']);
  });

  it('carries the stats’ numbers exactly', () => {
    run.results.forEach((result, i) => {
      const h = parsed.results[i];
      const s = result.stats;
      expect([h.mean, h.stddev, h.median, h.user, h.system, h.min, h.max]).toEqual([
        s.mean,
        s.stddev,
        s.median,
        s.user,
        s.system,
        s.min,
        s.max,
      ]);
      expect(h.times).toEqual(s.samples);
      expect(h.exit_codes).toEqual(s.samples.map(() => 0));
    });
  });

  it('names the workload and the backend in the command', () => {
    expect(parsed.results.map((r) => r.command)).toEqual([
      'small-file-read on docker-desktop/vz-virtiofs/bind',
      'dd-write on docker-engine/fuse/bind',
      'buffered-read:128 on docker-desktop/vz-virtiofs/bind',
    ]);
  });

  it('writes a single run’s σ as null, as hyperfine does, and says how many ops a sample did', () => {
    const buffered = parsed.results[2];
    expect(buffered.stddev).toBeNull();
    expect(buffered.parameters).toEqual({
      backend: 'Docker Desktop, VZ + VirtioFS, bind mount',
      workload: 'buffered-read',
      case: '128',
      size: 'quick',
      mount: 'bind',
      fs_type: 'virtiofs',
      cache: 'warm',
      ops_per_sample: '8192',
      executions_per_sample: '1',
      sample_method: 'spaced',
    });
  });

  it('says how each sample was taken', () => {
    const params = parsed.results.map((r) => r.parameters as Record<string, string>);
    expect(params.map((p) => [p.executions_per_sample, p.sample_method])).toEqual([
      ['1', 'spaced'],
      ['4', 'back-to-back'],
      ['1', 'spaced'],
    ]);
  });
});
