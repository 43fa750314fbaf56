// The CLI sweep's time left, folded from the job's dry run and the sweep's variant events as the
// command hears them: both passes counted (the bracket is the default), nothing before the dry run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { estimateRun } from '../../shared/estimate';
import { proposeSweep } from '../../core/sweep';
import type { SweepRequest } from '../../core/sweep/sweep-request';
import { makeFakeSandbox, type FakeSandbox } from '../../core/sweep/test-support/fake-provider';
import { resolveWorkload } from '../../core/workloads/registry';
import { estimatedWorkload } from '../../core/workloads/workload-info';
import { SweepTimeLeftTracker } from './sweep-time-left-tracker';

const REQUEST: SweepRequest = {
  provider: 'colima',
  variants: ['a', 'b'],
  workloads: ['dd-write'],
  mounts: ['bind'],
  size: 'quick',
  runs: 3,
  warmup: 1,
  race: true,
};
const WORKLOADS = [estimatedWorkload(resolveWorkload('dd-write', undefined, { allowHostCommands: false }))];

let sandbox: FakeSandbox;
beforeEach(async () => {
  sandbox = await makeFakeSandbox({ variants: ['a', 'b'], current: 'a' });
});
afterEach(() => sandbox.remove());

describe('SweepTimeLeftTracker', () => {
  it('knows nothing of later settings until the job hands over its dry run', () => {
    expect(new SweepTimeLeftTracker(REQUEST, WORKLOADS).stillToCome()).toBeNull();
  });

  it('counts the second pass while the first is measured, and each step once it has begun', async () => {
    // The bracket is the default.
    const request = REQUEST;
    const tracker = new SweepTimeLeftTracker(request, WORKLOADS);
    tracker.proposed(await proposeSweep(sandbox.provider, request, sandbox.ctx));
    const one = estimateRun(WORKLOADS, ['bind'], request);
    const later = (steps: number) => ({ low: steps * one.seconds, high: steps * one.maxSeconds });

    tracker.variant('measure');
    // Measuring a: b, then b and a again.
    expect(tracker.stillToCome()).toMatchObject({ settings: 3, laterSeconds: later(3) });
    tracker.variant('done');
    tracker.variant('apply');
    tracker.variant('measure');
    expect(tracker.stillToCome()).toMatchObject({ settings: 2, laterSeconds: later(2) });
    tracker.variant('done');
    // The turn: b's second visit begins.
    tracker.variant('apply');
    expect(tracker.stillToCome()).toMatchObject({ settings: 1, laterSeconds: later(1) });
  });

  it('measured once (--single-pass), the last setting leaves nothing but the restore', async () => {
    const single = { ...REQUEST, reversePass: false };
    const tracker = new SweepTimeLeftTracker(single, WORKLOADS);
    tracker.proposed(await proposeSweep(sandbox.provider, single, sandbox.ctx));
    for (const phase of ['measure', 'done', 'apply', 'measure']) tracker.variant(phase);
    expect(tracker.stillToCome()).toMatchObject({ settings: 0, laterSeconds: { low: 0, high: 0 } });
  });
});
