import { describe, expect, it } from 'vitest';
import { BACKEND_OVERHEAD_SECONDS, estimateRun, estimateSweep, type EstimatedWorkload } from './estimate';
import { LONE_MIN_SAMPLES } from './race-samples';

/** One second per execution and no fixture, so seconds count executions (plus each container's start). */
function workload(unsupported: EstimatedWorkload['unsupported'] = {}, fixedRuns?: number): EstimatedWorkload {
  const cost = { cases: 1, perExecution: 1, fixture: 0, ...(fixedRuns ? { fixedRuns } : {}) };
  return { unsupported, cost: { quick: cost, default: cost } };
}

const fixed = { size: 'quick' as const, runs: 3, warmup: 1 };
const race = { ...fixed, race: true };
const overhead = (backends: number) => backends * BACKEND_OVERHEAD_SECONDS;

describe('estimateRun', () => {
  it('counts warm-ups and runs per backend, and one container start each', () => {
    const e = estimateRun([workload()], ['bind', 'volume', 'host'], fixed);
    expect(e.executions).toBe(3 * (1 + 3));
    expect(e.seconds).toBe(12 + overhead(3));
    expect(e.maxSeconds).toBe(e.seconds);
  });

  it('gives a backend alone in its role at least ten samples in a race, as the runner does', () => {
    // bind is alone for the source tree; volume and tmpfs race each other for container data.
    const e = estimateRun([workload()], ['bind', 'volume', 'tmpfs'], race);
    expect(e.executions).toBe(1 + LONE_MIN_SAMPLES + 2 * (1 + 3));
    // Each may race to the cap, 30 by default.
    expect(e.maxSeconds).toBe(3 * (1 + 30) + overhead(3));
  });

  it('keeps the host baseline in while the lone backend races, and at the minimum when nobody is alone', () => {
    const lone = estimateRun([workload()], ['bind', 'volume', 'tmpfs', 'host'], race);
    expect(lone.executions).toBe(1 + 10 + 2 * (1 + 3) + (1 + 10));
    const nobodyAlone = estimateRun([workload()], ['bind', 'bind', 'volume', 'tmpfs', 'host'], race);
    expect(nobodyAlone.executions).toBe(5 * (1 + 3));
  });

  it("decides who is alone per workload: a mount the workload cannot run on is in nobody's race", () => {
    // Without tmpfs, volume is alone for container data on this workload.
    const e = estimateRun([workload({ tmpfs: 'no tmpfs here' })], ['bind', 'bind', 'volume', 'tmpfs'], race);
    expect(e.executions).toBe(2 * (1 + 3) + (1 + 10));
    // tmpfs ran nothing: no container start for it.
    expect(e.seconds).toBe(e.executions + overhead(3));
  });

  it("takes a race's cap as the runner does: 30 by default whatever the minimum, never below it", () => {
    expect(estimateRun([workload()], ['bind', 'bind'], { ...race, runs: 10 }).maxSeconds).toBe(
      2 * (1 + 30) + overhead(2),
    );
    // The minimum is 3 however few runs are asked for; an adaptive run's cap is 5 × runs, at least 30.
    expect(estimateRun([workload()], ['bind', 'bind'], { ...race, runs: 1 }).executions).toBe(2 * (1 + 3));
    expect(estimateRun([workload()], ['bind'], { ...fixed, runs: 10, adaptive: true }).maxSeconds).toBe(
      1 + 50 + overhead(1),
    );
  });

  it('never goes past a small cap for the lone backend', () => {
    const e = estimateRun([workload()], ['bind', 'volume', 'tmpfs'], { ...race, maxRuns: 6 });
    expect(e.executions).toBe(1 + 6 + 2 * (1 + 3));
  });

  it('leaves a workload that fixes its own count (sync-latency edits) alone', () => {
    const e = estimateRun([workload({}, 10)], ['bind', 'volume', 'tmpfs'], race);
    expect(e.executions).toBe(3 * (1 + 10));
    expect(e.maxSeconds).toBe(e.seconds);
  });
});

describe('estimateSweep', () => {
  it('races each setting apart: a later setting whose only backend is its bind mount takes ten', () => {
    // First setting: bind + volume + tmpfs; the second measures its bind mount alone.
    const sweep = estimateSweep([workload()], [['bind', 'volume', 'tmpfs'], ['bind']], race);
    expect(sweep.executions).toBe(1 + 10 + 2 * (1 + 3) + (1 + 10));
    // Counted as one run, the two binds would look like rivals at the minimum: too short.
    const merged = estimateRun([workload()], ['bind', 'volume', 'tmpfs', 'bind'], race);
    expect(merged.executions).toBe(4 * (1 + 3));
    expect(sweep.seconds).toBeGreaterThan(merged.seconds);
  });

  it('is the sum of its runs with fixed counts', () => {
    const runs = [['bind', 'volume'], ['bind']] as const;
    const sweep = estimateSweep([workload()], runs, fixed);
    const parts = runs.map((mounts) => estimateRun([workload()], mounts, fixed));
    expect(sweep.seconds).toBe(parts[0].seconds + parts[1].seconds);
    expect(sweep.executions).toBe(parts[0].executions + parts[1].executions);
  });
});
