// The test switch the fault-injection suite runs the real CLI with: on, a run with no engine is
// answered by scripted executors and says so; off, the real executors (which need an engine) run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../shared/result-schema';
import { executeRun, runParts, type RunContext } from './run';
import { executorsFromTestSwitch, TEST_EXECUTOR_VARIABLE, TEST_SWITCH_WARNING } from './scripted-switch';

const VOLUME: Backend = {
  id: 'docker-engine/native/volume',
  provider: 'docker-engine',
  variant: 'native',
  mount: 'volume',
  label: 'named volume',
};

let cacheDir: string;
const saved = process.env[TEST_EXECUTOR_VARIABLE];
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'mb-switch-unit-'));
});
afterEach(async () => {
  if (saved === undefined) delete process.env[TEST_EXECUTOR_VARIABLE];
  else process.env[TEST_EXECUTOR_VARIABLE] = saved;
  vi.restoreAllMocks();
  await rm(cacheDir, { recursive: true, force: true });
});

/** A run of dd-write on a named volume with no engine and no executors of its own. */
function engineless(): RunContext {
  return {
    runId: '20261206-120000-switch',
    request: { mounts: ['volume'], workloads: ['dd-write'], size: 'quick', runs: 3, warmup: 1 },
    backends: [VOLUME],
    docker: null,
    engine: null,
    image: 'mountbench/bench:offline',
    machine: {
      chip: 'scripted',
      arch: 'x64',
      processArch: 'x64',
      rosetta: false,
      cores: 2,
      memoryBytes: 8 * 2 ** 30,
      os: { platform: 'linux', name: 'Debian', version: '12', kernel: 'Linux 6.1' },
    },
    appVersion: '0.0.0-test',
    allowHostCommands: false,
    cacheDir,
    signal: new AbortController().signal,
    onEvent: () => {},
  };
}

describe('MOUNTBENCH_TEST_EXECUTOR', () => {
  it('off: no scripted executors, and a run with no engine fails its backend', async () => {
    delete process.env[TEST_EXECUTOR_VARIABLE];
    expect(executorsFromTestSwitch()).toBeUndefined();
    const run = await executeRun(...runParts(engineless()));
    expect(run.results).toEqual([]);
    expect(run.errors.map((e) => e.code)).toContain('ENGINE_NOT_FOUND');
  });

  it('scripted: a run with no engine is answered, every sample a made-up 10 ms on the scripted clock', async () => {
    process.env[TEST_EXECUTOR_VARIABLE] = 'scripted';
    // Said once a process (an earlier test in this worker may have): kept off the test's output.
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const run = await executeRun(...runParts(engineless()));
    expect(run.errors).toEqual([]);
    const [result] = run.results;
    expect(result.clock.source).toBe('scripted');
    expect(result.stats.samples).toHaveLength(3);
    for (const sample of result.stats.samples) expect(sample).toBeCloseTo(0.01, 9);
  });

  it('says it is a test switch whenever it is on', () => {
    const warn = vi.fn();
    expect(executorsFromTestSwitch({ [TEST_EXECUTOR_VARIABLE]: 'scripted' }, warn)).toBeTypeOf('function');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(executorsFromTestSwitch({}, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(TEST_SWITCH_WARNING).toMatch(/test switch: nothing is measured/);
  });

  it('any other value is refused, naming the only one', () => {
    expect(() => executorsFromTestSwitch({ [TEST_EXECUTOR_VARIABLE]: 'real' })).toThrow(
      /the only value is "scripted"/,
    );
  });
});
