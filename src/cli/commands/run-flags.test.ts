import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRequestSchema } from '../../shared/run-plan';
import { requestFromFlags } from './run';

const base = { mount: 'bind', size: 'quick', warmup: '1', workload: 'small-file-read' };

describe('mountbench run: how many samples', () => {
  it('races by default when a profile asks for an answer', () => {
    const request = requestFromFlags({ ...base, profile: 'balanced' });
    expect(request).toMatchObject({ race: true, runs: 3 });
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

describe('mountbench run: your project, cold and warm', () => {
  const custom = { ...base, workload: 'custom', command: 'npm test' };

  it('turns --cold-cache and --cold-cache-host into the two modes, and refuses both at once', () => {
    expect(requestFromFlags({ ...custom, coldCache: true })).toMatchObject({ coldCache: 'vm' });
    expect(requestFromFlags({ ...custom, coldCacheHost: true })).toMatchObject({ coldCache: 'host-kernel' });
    expect(() => requestFromFlags({ ...custom, coldCache: true, coldCacheHost: true })).toThrow(
      /two modes: choose one/,
    );
  });

  it('takes a named dependency folder, finds one when the flag is bare, and needs the project folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mountbench-flags-'));
    try {
      expect(requestFromFlags({ ...custom, folder: dir, dependencyFolder: '.venv' }).custom).toMatchObject({
        dependencyFolder: '.venv',
      });
      expect(() => requestFromFlags({ ...custom, folder: dir, dependencyFolder: true })).toThrow(
        /has none of node_modules, vendor\/bundle, vendor, \.venv, target; name the folder/,
      );
      mkdirSync(join(dir, 'node_modules'));
      const request = requestFromFlags({ ...custom, folder: dir, dependencyFolder: true });
      expect(request.custom).toMatchObject({ dependencyFolder: 'node_modules' });
      expect(runRequestSchema.safeParse(request).success).toBe(true);
      expect(() => requestFromFlags({ ...custom, dependencyFolder: 'node_modules' })).toThrow(/add --folder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a dependency folder outside the project', () => {
    for (const dependencyFolder of ['../secrets', '/etc', 'a/../../b', 'node_modules/', '.'])
      expect(
        runRequestSchema.safeParse({
          mounts: ['bind'],
          workloads: ['custom'],
          size: 'quick',
          runs: 1,
          warmup: 0,
          custom: { command: 'true', folder: '/p', dependencyFolder },
        }).success,
        dependencyFolder,
      ).toBe(false);
  });
});

describe('mountbench run --tools-image', () => {
  it('puts the tools image in the request, which the schema takes; none leaves it to the env or the default', () => {
    const request = requestFromFlags({ ...base, toolsImage: 'mountbench/tools:offline' });
    expect(request.toolsImage).toBe('mountbench/tools:offline');
    expect(runRequestSchema.safeParse(request).success).toBe(true);
    expect(requestFromFlags(base).toolsImage).toBeUndefined();
    expect(runRequestSchema.safeParse({ ...request, toolsImage: 'a/../b' }).success).toBe(false);
  });
});
