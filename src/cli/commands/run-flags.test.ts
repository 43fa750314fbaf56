import { describe, expect, it } from 'vitest';
import { runRequestSchema } from '../../shared/run-plan';
import { requestFromFlags } from './run';

const base = { mount: 'bind', size: 'quick', warmup: '1', workload: 'small-file-read' };

describe('mountbench run: how many samples', () => {
  it('races by default when a profile asks for an answer', () => {
    const request = requestFromFlags({ ...base, profile: 'balanced' });
    expect(request).toMatchObject({ race: true, runs: 5 });
    expect(runRequestSchema.safeParse(request).success).toBe(true);
  });

  it('keeps a fixed count with --runs, profile or not, and 10 with neither', () => {
    expect(requestFromFlags({ ...base, profile: 'balanced', runs: '7' })).toMatchObject({ runs: 7 });
    expect(requestFromFlags({ ...base, profile: 'balanced', runs: '7' }).race).toBeUndefined();
    expect(requestFromFlags(base)).toMatchObject({ runs: 10 });
    expect(requestFromFlags(base).race).toBeUndefined();
  });

  it('turns --budget into seconds and races', () => {
    expect(requestFromFlags({ ...base, budget: '10m' })).toMatchObject({ race: true, budgetSeconds: 600 });
  });

  it('refuses --runs together with --race or --budget, saying why', () => {
    expect(() => requestFromFlags({ ...base, race: true, runs: '10' })).toThrow(
      /decide the number of runs themselves/,
    );
    expect(() => requestFromFlags({ ...base, budget: '5m', runs: '10' })).toThrow(
      /decide the number of runs/,
    );
  });

  it('takes --order sequential for a fixed count, and the schema refuses it for a race', () => {
    expect(requestFromFlags({ ...base, order: 'sequential' })).toMatchObject({ order: 'sequential' });
    const raced = requestFromFlags({ ...base, race: true, order: 'sequential' });
    expect(runRequestSchema.safeParse(raced).success).toBe(false);
  });
});
