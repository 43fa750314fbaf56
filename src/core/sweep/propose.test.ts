// The sweep's dry run estimates its time with the shared sweep estimate (one race per setting's
// run, each step of the reverse pass a run of its own), the same figures the time left counts down.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { estimateRun, estimateSweep } from '../../shared/estimate';
import { resolveWorkload } from '../workloads/registry';
import { estimatedWorkload } from '../workloads/workload-info';
import { proposeSweep } from './propose';
import type { SweepRequest } from './sweep-request';
import { makeFakeSandbox, type FakeSandbox } from './test-support/fake-provider';

const REQUEST: SweepRequest = {
  provider: 'colima',
  variants: ['a', 'b', 'c'],
  workloads: ['dd-write', 'small-file-read'],
  mounts: ['bind', 'volume'],
  size: 'quick',
  runs: 3,
  warmup: 1,
  race: true,
  maxRuns: 20,
};

const WORKLOADS = REQUEST.workloads.map((id) =>
  estimatedWorkload(resolveWorkload(id, undefined, { allowHostCommands: false })),
);

let sandbox: FakeSandbox;
beforeEach(async () => {
  sandbox = await makeFakeSandbox({ variants: ['a', 'b', 'c'], current: 'a' });
});
afterEach(() => sandbox.remove());

describe('proposeSweep estimate', () => {
  it("is the shared sweep estimate: a's bind and volume race, b's and c's bind run alone", async () => {
    const single = { ...REQUEST, reversePass: false };
    const proposal = await proposeSweep(sandbox.provider, single, sandbox.ctx);
    const measured = estimateSweep(WORKLOADS, [['bind', 'volume'], ['bind'], ['bind']], single);
    // The fake's switch takes 1 s per variant and never restarts: nothing to put back.
    expect(proposal.estimatedSeconds).toBe(Math.round(3 * 1 + measured.seconds));
    // Not one run of every backend: there the three bind mounts would race each other at the
    // least samples, while in the sweep each setting's bind is alone and takes the lone backend's.
    const asOneRun = estimateRun(WORKLOADS, ['bind', 'volume', 'bind', 'bind'], REQUEST).seconds;
    expect(measured.seconds).toBeGreaterThan(asOneRun);
  });

  it('counts every step of the bracket, the default: A B C, then C B A', async () => {
    const proposal = await proposeSweep(sandbox.provider, REQUEST, sandbox.ctx);
    const runs: ('bind' | 'volume')[][] = [['bind', 'volume'], ['bind'], ['bind']];
    const measured = estimateSweep(WORKLOADS, [...runs, ...[...runs].reverse()], REQUEST);
    expect(proposal.estimatedSeconds).toBe(Math.round(6 * 1 + measured.seconds));
    expect(proposal.notes.join('\n')).toMatch(/second pass/);
  });
});
