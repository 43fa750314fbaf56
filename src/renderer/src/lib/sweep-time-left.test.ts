// A sweep's time left counts what is still to come after the setting measured now: the later
// settings' restarts and runs, and putting the settings back, each at its own estimate.
import { describe, expect, it } from 'vitest';
import { BACKEND_OVERHEAD_SECONDS, estimateRun, type EstimatedWorkload } from '../../../shared/estimate';
import type { SweepEvent, SweepRequest } from '../../../shared/sweep';
import { SWEEP_PROPOSAL } from '../test-support/recorded-sweep-data';
import { emptySweep, reduceSweep, sweepStillToCome } from './sweep-progress';

const DD: EstimatedWorkload & { id: string } = {
  id: 'dd-write',
  unsupported: {},
  cost: {
    quick: { cases: 1, perExecution: 0.5, fixture: 2 },
    default: { cases: 1, perExecution: 2, fixture: 10 },
  },
};

const request: SweepRequest = {
  provider: 'docker-desktop',
  variants: ['vz-virtiofs', 'vz-grpcfuse'],
  workloads: ['dd-write'],
  mounts: ['bind'],
  size: 'quick',
  runs: 3,
  warmup: 1,
  race: true,
  maxRuns: 20,
  // One pass: the order of the steps is what these read; the bracket's second pass has its own.
  reversePass: false,
};

const variant = (id: string, phase: 'apply' | 'measure' | 'done'): SweepEvent => ({
  type: 'variant',
  sweepId: 's1',
  variant: id,
  label: id,
  phase,
});

describe('sweepStillToCome', () => {
  it("counts the waiting setting's restart and run, and the restore, while the first is measured", () => {
    let state = emptySweep('s1', ['vz-virtiofs', 'vz-grpcfuse']);
    state = reduceSweep(state, variant('vz-virtiofs', 'measure'), 0);
    const rest = sweepStillToCome(state, SWEEP_PROPOSAL, request, [DD])!;
    // gRPC FUSE restarts (90 s); putting the settings back costs one more switch (90 s, the most).
    expect(rest.restartSecondsLeft).toBe(90 + 90);
    expect(rest.settings).toBe(1);
    // Its run: the bind mount alone, raced, so 1 warm-up + 10 to 20 samples, its fixture, its start.
    const one = estimateRun([DD], ['bind'], request);
    expect(rest.laterSeconds).toEqual({ low: one.seconds, high: one.maxSeconds });
    expect(one.seconds).toBe(BACKEND_OVERHEAD_SECONDS + 2 + (1 + 10) * 0.5);
    expect(one.maxSeconds).toBe(BACKEND_OVERHEAD_SECONDS + 2 + (1 + 20) * 0.5);
  });

  it('drops what is done: on the last setting only the restore is left, and after it nothing', () => {
    let state = emptySweep('s1', ['vz-virtiofs', 'vz-grpcfuse']);
    for (const e of [
      variant('vz-virtiofs', 'measure'),
      variant('vz-virtiofs', 'done'),
      variant('vz-grpcfuse', 'apply'),
      variant('vz-grpcfuse', 'measure'),
    ])
      state = reduceSweep(state, e, 0);
    expect(sweepStillToCome(state, SWEEP_PROPOSAL, request, [DD])).toEqual({
      restartSecondsLeft: 90,
      laterSeconds: { low: 0, high: 0 },
      settings: 0,
    });
    state = reduceSweep(state, { type: 'restore', sweepId: 's1', phase: 'started' }, 0);
    expect(sweepStillToCome(state, SWEEP_PROPOSAL, request, [DD])?.restartSecondsLeft).toBe(0);
  });

  it('says nothing without the dry run (a sweep rejoined after a reload)', () => {
    const state = emptySweep('s1', ['vz-virtiofs', 'vz-grpcfuse']);
    expect(sweepStillToCome(state, null, request, [DD])).toBeNull();
    expect(sweepStillToCome(state, SWEEP_PROPOSAL, null, [DD])).toBeNull();
  });

  it('counts the reverse pass: both settings again, while the first pass is still running', () => {
    const reverse: SweepRequest = { ...request, reversePass: true };
    let state = emptySweep('s1', ['vz-virtiofs', 'vz-grpcfuse']);
    for (const e of [
      variant('vz-virtiofs', 'measure'),
      variant('vz-virtiofs', 'done'),
      variant('vz-grpcfuse', 'apply'),
      variant('vz-grpcfuse', 'measure'),
    ])
      state = reduceSweep(state, e, 0);
    const bind = estimateRun([DD], ['bind'], request);
    // gRPC FUSE once more, then VirtioFS once more: two runs, the one restart (gRPC FUSE's: the
    // dry run's own count), and the restore.
    expect(sweepStillToCome(state, SWEEP_PROPOSAL, reverse, [DD])).toEqual({
      restartSecondsLeft: 90 + 90,
      laterSeconds: { low: 2 * bind.seconds, high: 2 * bind.maxSeconds },
      settings: 2,
    });
    // The turn: the same setting's second visit is a new step.
    state = reduceSweep(state, variant('vz-grpcfuse', 'done'), 0);
    state = reduceSweep(state, variant('vz-grpcfuse', 'apply'), 0);
    expect(sweepStillToCome(state, SWEEP_PROPOSAL, reverse, [DD])?.settings).toBe(1);
  });
});
