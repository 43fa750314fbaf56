import { describe, expect, it } from 'vitest';
import { BACKEND_OVERHEAD_SECONDS, type EstimatedWorkload } from './estimate';
import { sweepCounts, sweepStillToCome } from './sweep-time-left';

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
