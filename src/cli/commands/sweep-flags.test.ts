import { describe, expect, it } from 'vitest';
import { sweepRequestSchema } from '../../shared/sweep';
import { requestFromFlags } from './sweep';

const base = {
  provider: 'docker-desktop',
  mount: 'bind,volume',
  size: 'quick',
  warmup: '1',
  readyTimeout: '180',
  workload: 'dd-write',
};

describe('mountbench sweep: how many samples', () => {
  it('keeps 10 fixed runs per setting without --race', () => {
    const request = requestFromFlags(base);
    expect(request.runs).toBe(10);
    expect(request.race).toBeUndefined();
    expect(request.maxRuns).toBeUndefined();
  });

  it('races each setting with --race, from 3 samples unless --runs says otherwise, to --max-runs', () => {
    expect(requestFromFlags({ ...base, race: true })).toMatchObject({ race: true, runs: 3 });
    expect(requestFromFlags({ ...base, race: true, runs: '5', maxRuns: '12' })).toMatchObject({
      race: true,
      runs: 5,
      maxRuns: 12,
    });
  });

  it('refuses --max-runs without --race, and a cap below the least runs', () => {
    expect(() => requestFromFlags({ ...base, maxRuns: '20' })).toThrow(/--max-runs only counts with --race/);
    expect(() => requestFromFlags({ ...base, race: true, runs: '10', maxRuns: '5' })).toThrow(
      /maxRuns must be at least runs/,
    );
  });

  it('is refused by the API the same way: a cap needs the race', () => {
    const request = {
      provider: 'colima',
      workloads: ['dd-write'],
      mounts: ['bind'],
      size: 'quick',
      runs: 3,
      warmup: 1,
    };
    expect(sweepRequestSchema.safeParse({ ...request, race: true, maxRuns: 20 }).success).toBe(true);
    expect(sweepRequestSchema.safeParse({ ...request, maxRuns: 20 }).success).toBe(false);
  });
});
