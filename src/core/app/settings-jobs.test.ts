// A sweep job makes its dry run once, as it starts, and hands it to the caller (the CLI's time
// left reads it) before the job's body runs: the caller need not plan the sweep a second time.
// The provider is the fake of the Provider interface the sweep's unit tests use; the job is
// cancelled as it starts, so it puts the settings back and touches no engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SweepProposal } from '../sweep';
import type { SweepRequest } from '../sweep/sweep-request';
import { makeFakeSandbox, type FakeSandbox } from '../sweep/test-support/fake-provider';
import { createJobs } from './jobs';
import { startSweepJob } from './settings-jobs';

const REQUEST: SweepRequest = {
  provider: 'colima',
  variants: ['a', 'b'],
  workloads: ['dd-write'],
  mounts: ['bind'],
  size: 'quick',
  runs: 3,
  warmup: 1,
};

let sandbox: FakeSandbox;
beforeEach(async () => {
  sandbox = await makeFakeSandbox({ variants: ['a', 'b'], current: 'a' });
});
afterEach(() => sandbox.remove());

describe('startSweepJob', () => {
  it('plans once and hands that plan over before the body runs', async () => {
    const provider = sandbox.provider;
    let listed = 0;
    const listVariants = provider.listVariants.bind(provider);
    provider.listVariants = async () => {
      listed += 1;
      return listVariants();
    };
    const jobs = createJobs();
    const handed: SweepProposal[] = [];
    const saved: unknown[] = [];
    const id = await startSweepJob(
      jobs,
      REQUEST,
      {
        cacheDir: sandbox.cacheDir,
        context: async () => sandbox.ctx,
        save: async (run) => {
          saved.push(run);
        },
        proposed: (proposal) => handed.push(proposal),
      },
      provider,
    );
    // Handed over by the time start() answers: the caller's first event already has it.
    expect(handed).toHaveLength(1);
    expect(handed[0]?.variants.map((v) => v.spec.id)).toEqual(['a', 'b']);
    await jobs.cancel(id);
    await jobs.whenDone(id);
    // The job ran the plan it handed over: no second dry run (each lists the variants once).
    expect(listed).toBe(1);
    expect(handed).toHaveLength(1);
    // Cancelled before any switch: the fake's settings are as they were.
    expect(provider.actions.map((a) => a.action)).not.toContain('apply b');
  });
});
