import { describe, expect, it } from 'vitest';
import { WORKLOAD_IDS } from '../../shared/ids';
import type { Backend } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import { sampleWorkloadResult } from '../../core/store/test-support/run-fixture';
import { estimatePlan, LONG_RUN_SECONDS, planLines } from './run-plan-text';

const base = sampleWorkloadResult().backend;
const backends: Backend[] = [
  { ...base, id: 'docker-engine/native/bind', label: 'bind mount · native', mount: 'bind' },
  { ...base, id: 'docker-engine/native/volume', label: 'named volume', mount: 'volume' },
];
const workloads = ['small-file-read', 'dd-write'] as const;

function request(over: Partial<RunRequest> = {}): RunRequest {
  return {
    mounts: ['bind', 'volume'],
    workloads: [...workloads],
    size: 'default',
    runs: 10,
    warmup: 1,
    ...over,
  } as RunRequest;
}

describe('planLines', () => {
  it('says the backends, workloads, size, counts and the estimate before anything runs', () => {
    const lines = planLines({ request: request(), backends, workloads, interactive: false });
    expect(lines[0]).toBe('plan: 2 backend(s) × 2 workload(s), default size, 10 runs each, 1 warm-up');
    expect(lines[1]).toBe('  backends: bind mount · native, named volume');
    expect(lines[2]).toBe('  workloads: small-file-read, dd-write');
    expect(lines[3]).toMatch(/^ {2}estimated time: ~\d+m\d\ds \(from the fixture sizes;/);
    expect(lines).toHaveLength(4);
  });

  it('gives a race its range, from the fewest runs to the cap', () => {
    const lines = planLines({
      request: request({ size: 'quick', runs: 3, race: true, maxRuns: 20 }),
      backends,
      workloads,
      interactive: true,
    });
    expect(lines[0]).toContain('quick size, racing: 3 to 20 runs until decided');
    expect(lines[3]).toMatch(/estimated time: ~\S+ to \S+ \(/);
    // Quick already: no hint to go quicker.
    expect(lines).toHaveLength(4);
  });

  it('tells a person at the terminal how to get a first answer sooner when the run is long', () => {
    // Every built-in workload at the default size, as `mountbench run` with no flags.
    const all = WORKLOAD_IDS.filter((id) => id !== 'custom');
    const long = request({ workloads: all });
    expect(estimatePlan(long, backends, all).seconds).toBeGreaterThan(LONG_RUN_SECONDS);
    const lines = planLines({ request: long, backends, workloads: all, interactive: true });
    expect(lines[4]).toMatch(
      /^ {2}for a first answer in ~\S+ to \S+: Ctrl-C \(it cleans up\), then `mountbench run --size quick --race`/,
    );
    // Not in a log nobody answers.
    expect(planLines({ request: long, backends, workloads: all, interactive: false })).toHaveLength(4);
  });
});
