import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import type { SweepEvent, SweepRequest } from '../../../shared/sweep';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { SWEEP_EVENTS } from '../test-support/recorded-sweep-data';
import { createStores } from './create-stores';
import { noMemory } from '../test-support/render';

const request: SweepRequest = {
  provider: 'docker-desktop',
  variants: ['vz-virtiofs', 'vz-grpcfuse'],
  workloads: ['dd-write'],
  mounts: ['bind'],
  size: 'quick',
  runs: 2,
  warmup: 0,
};

/** The recorded stream (stand-in Docker Desktop: both variants refused by verification), under the fake's id. */
const recorded = (sweepId: string): SweepEvent[] => SWEEP_EVENTS.map((e) => ({ ...e, sweepId }));

function setUp() {
  const api = createFakeApi();
  const stores = createStores(api, { memory: noMemory, sleep: async () => {} });
  const listening = new AbortController();
  stores.sweep.getState().listen(listening.signal);
  return { api, stores };
}

describe('sweep store', () => {
  it('follows each variant to its verdict, then the restore, and stays on the run view when nothing was measured', async () => {
    const { api, stores } = setUp();
    stores.nav.getState().show('run');
    expect(await stores.sweep.getState().start(request)).toBe(true);
    expect(api.calls.find((c) => c.method === 'sweeps.start')?.args).toEqual([request]);
    const events = recorded('sweep-1');
    const waiting = events.findIndex((e) => e.type === 'progress');
    api.emitSweep(events.slice(0, waiting + 1));
    const mid = stores.sweep.getState().progress;
    expect(mid?.variants[0]).toMatchObject({
      id: 'vz-virtiofs',
      phase: 'wait',
      message: 'Docker Desktop to be ready: stopped',
    });
    expect(mid?.variants[1]).toMatchObject({ id: 'vz-grpcfuse', phase: 'waiting' });

    api.emitSweep(events.slice(waiting + 1));
    const state = stores.sweep.getState();
    expect(state.phase).toBe('finished');
    expect(state.progress?.variants.map((v) => v.phase)).toEqual(['skipped', 'skipped']);
    expect(state.progress?.variants[1].message).toMatch(/bind mount is on ext4.*not measured/);
    expect(state.progress?.restore.phase).toBe('done');
    expect(state.progress?.finish).toMatchObject({ status: 'failed', restored: true });
    expect(stores.nav.getState().tab).toBe('run');
    expect(api.calls.filter((c) => c.method === 'results.list').length).toBeGreaterThan(0);
  });

  it('opens the results of a sweep that completed', async () => {
    const { api, stores } = setUp();
    const stored = runFileOf(QUICK_RUN);
    stores.nav.getState().show('run');
    await stores.sweep.getState().start(request);
    api.emitSweep([
      {
        type: 'sweep-done',
        sweepId: 'sweep-1',
        finish: { status: 'completed', variants: [], runId: stored.id, restored: true },
      },
    ]);
    expect(stores.nav.getState().tab).toBe('results');
    await expect.poll(() => stores.results.getState().run?.id).toBe(stored.id);
  });

  it('ignores events of other sweeps, and does not hear applies at all', async () => {
    const { api, stores } = setUp();
    await stores.sweep.getState().start(request);
    api.emitSweep(recorded('another-sweep'));
    api.emitApply([{ type: 'apply', applyId: 'sweep-1', phase: 'apply' }]);
    expect(stores.sweep.getState().phase).toBe('active');
    expect(stores.sweep.getState().progress?.variants.every((v) => v.phase === 'waiting')).toBe(true);
  });

  it('cancels through the core and says why a sweep could not start', async () => {
    const { api, stores } = setUp();
    await stores.sweep.getState().start(request);
    await stores.sweep.getState().cancel();
    expect(stores.sweep.getState().cancelling).toBe(true);
    expect(api.calls.filter((c) => c.method === 'sweeps.cancel').map((c) => c.args)).toEqual([['sweep-1']]);

    const other = setUp();
    other.api.nextSweepId = null;
    other.api.startError = new MountbenchError(
      'BAD_INPUT',
      'cannot start a sweep of Docker Desktop: a run (r-1) is in progress',
    );
    expect(await other.stores.sweep.getState().start(request)).toBe(false);
    expect(other.stores.notices.getState().notices).toMatchObject([
      {
        context: 'Could not start the sweep',
        message: expect.stringMatching(/a run \(r-1\) is in progress/),
      },
    ]);
  });

  it('picks up a sweep in progress after a reload', async () => {
    const { api, stores } = setUp();
    api.activeSweeps = ['sweep-9'];
    await stores.sweep.getState().reconnect();
    expect(stores.sweep.getState()).toMatchObject({ phase: 'active', progress: { sweepId: 'sweep-9' } });
    api.emitSweep(recorded('sweep-9'));
    expect(stores.sweep.getState().progress?.variants.map((v) => v.id)).toEqual([
      'vz-virtiofs',
      'vz-grpcfuse',
    ]);
    expect(stores.sweep.getState().phase).toBe('finished');
  });
});
