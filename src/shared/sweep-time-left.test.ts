import { describe, expect, it } from 'vitest';
import { BACKEND_OVERHEAD_SECONDS, type EstimatedWorkload } from './estimate';
import {
  foldSweepStep,
  noStepsBegun,
  stepsWaiting,
  sweepCounts,
  sweepSteps,
  sweepStillToCome,
} from './sweep-time-left';

const dd: EstimatedWorkload = {
  unsupported: {},
  cost: {
    quick: { cases: 1, perExecution: 1, fixture: 0 },
    default: { cases: 1, perExecution: 4, fixture: 0 },
  },
};

const settings = [
  { id: 'a', restartSeconds: 0, mounts: ['bind', 'volume', 'tmpfs'] as const },
  { id: 'b', restartSeconds: 90, mounts: ['bind'] as const },
  { id: 'c', restartSeconds: 120, mounts: ['bind'] as const },
];
const counts = sweepCounts({
  provider: 'docker-desktop',
  workloads: ['dd-write'],
  mounts: ['bind', 'volume', 'tmpfs'],
  size: 'quick',
  runs: 3,
  warmup: 1,
  race: true,
  maxRuns: 20,
});

describe('sweepStillToCome', () => {
  it("counts each waiting setting's restart and raced run, and one more switch to put things back", () => {
    const rest = sweepStillToCome({
      settings,
      waiting: ['b', 'c'],
      restarts: true,
      restorePending: true,
      workloads: [dd],
      counts,
    });
    expect(rest.restartSecondsLeft).toBe(90 + 120 + 120);
    // Each later setting's bind mount is alone in its run: 1 warm-up + 10 to 20 samples.
    const one = { low: BACKEND_OVERHEAD_SECONDS + 11, high: BACKEND_OVERHEAD_SECONDS + 21 };
    expect(rest.laterSeconds).toEqual({ low: 2 * one.low, high: 2 * one.high });
    expect(rest.settings).toBe(2);
  });

  it('leaves out the restore once it has begun, and a product that never restarts', () => {
    const input = { settings, waiting: [], workloads: [dd], counts };
    expect(sweepStillToCome({ ...input, restarts: true, restorePending: false }).restartSecondsLeft).toBe(0);
    expect(sweepStillToCome({ ...input, restarts: false, restorePending: true }).restartSecondsLeft).toBe(0);
  });

  it('takes the race and its cap from the request, and fixed counts without it', () => {
    expect(counts).toEqual({ size: 'quick', runs: 3, warmup: 1, race: true, maxRuns: 20 });
    expect(
      sweepCounts({
        provider: 'colima',
        workloads: ['dd-write'],
        mounts: ['bind'],
        size: 'default',
        runs: 10,
        warmup: 1,
      }),
    ).toEqual({ size: 'default', runs: 10, warmup: 1 });
  });
});

describe('a sweep with its reverse pass', () => {
  it('measures every setting twice, the second time in reverse order', () => {
    expect(sweepSteps(['a', 'b', 'c'], true)).toEqual(['a', 'b', 'c', 'c', 'b', 'a']);
    expect(sweepSteps(['a', 'b', 'c'], false)).toEqual(['a', 'b', 'c']);
    // One setting has nothing to reverse (core/sweep/sweep.ts skips the pass).
    expect(sweepSteps(['a'], true)).toEqual(['a']);
  });

  it('tells the two visits of the turn apart by where a step ends, not by the id', () => {
    const steps = sweepSteps(['a', 'b'], true);
    const phases: [string, string][] = [
      ['a', 'measure'],
      ['a', 'done'],
      ['b', 'apply'],
      ['b', 'measure'],
      ['b', 'done'],
      // The reverse pass begins on the same setting: a new step, though the id is the same.
      ['b', 'apply'],
    ];
    let state = noStepsBegun;
    const waitingAfter: string[][] = [];
    for (const [, phase] of phases) {
      state = foldSweepStep(state, phase);
      waitingAfter.push(stepsWaiting(steps, state));
    }
    expect(waitingAfter).toEqual([
      ['b', 'b', 'a'],
      ['b', 'b', 'a'],
      ['b', 'a'],
      ['b', 'a'],
      ['b', 'a'],
      ['a'],
    ]);
    // A setting skipped at once (its switch failed before any phase) still ends its step.
    expect(foldSweepStep(noStepsBegun, 'skipped')).toEqual({ begun: 1, inStep: false });
  });

  it("counts the second pass's restarts and runs in the time left while the first pass runs", () => {
    const steps = sweepSteps(['a', 'b', 'c'], true);
    // Measuring a: b, c, then c, b, a are still to come.
    const waiting = stepsWaiting(steps, foldSweepStep(noStepsBegun, 'measure'));
    const rest = sweepStillToCome({
      settings,
      waiting,
      restarts: true,
      restorePending: true,
      workloads: [dd],
      counts,
    });
    expect(rest.settings).toBe(5);
    expect(rest.restartSecondsLeft).toBe(2 * (90 + 120) + 0 + 120);
    // Each second visit is its own run: a's three backends race, b's and c's bind alone.
    const lone = { low: BACKEND_OVERHEAD_SECONDS + 11, high: BACKEND_OVERHEAD_SECONDS + 21 };
    const first = sweepStillToCome({
      settings,
      waiting: ['a'],
      restarts: true,
      restorePending: false,
      workloads: [dd],
      counts,
    }).laterSeconds;
    expect(rest.laterSeconds).toEqual({
      low: 4 * lone.low + first.low,
      high: 4 * lone.high + first.high,
    });
  });
});
