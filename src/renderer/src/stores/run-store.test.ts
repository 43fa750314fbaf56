import { describe, expect, it, vi } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import type { RunRequest } from '../../../shared/run-plan';
import { createFakeApi } from '../test-support/fake-api';
import { answerIndex, withAnswer } from '../test-support/answered-run';
import { CANCELLED_RUN, QUICK_RUN } from '../test-support/recorded-runs';
import { createStores } from './create-stores';
import type { RunMemory, RememberedRun } from './run-memory';

const request: RunRequest = {
  mounts: ['bind', 'tmpfs', 'host'],
  workloads: ['dd-write'],
  size: 'quick',
  runs: 3,
  warmup: 1,
};

function memoryOf(initial: RememberedRun | null = null): RunMemory & { saved: RememberedRun | null } {
  const memory = {
    saved: initial,
    load: (runId: string) => (memory.saved?.runId === runId ? memory.saved : null),
    save: (run: RememberedRun) => void (memory.saved = run),
    forget: () => void (memory.saved = null),
  };
  return memory;
}

function setUp(memory = memoryOf()) {
  const api = createFakeApi();
  let clock = 0;
  const stores = createStores(api, { memory, now: () => (clock += 1000), sleep: async () => {} });
  const listening = new AbortController();
  stores.run.getState().listen(listening.signal);
  return { api, stores, memory, stop: () => listening.abort() };
}

describe('run store', () => {
  it('follows its own run from the first event after runs.start answered, to its end', async () => {
    const { api, stores, memory } = setUp();
    stores.nav.getState().show('run');
    // Events of a run this page did not start are not its own.
    api.emit(CANCELLED_RUN.slice(0, 1));
    expect(await stores.run.getState().start(request)).toBe(true);
    expect(api.calls.find((c) => c.method === 'runs.start')?.args).toEqual([request]);
    expect(stores.run.getState().progress?.totalExecutions).toBeNull();
    api.emit(QUICK_RUN.slice(0, 1));
    expect(stores.run.getState().progress?.totalExecutions).toBe(81);

    api.emit(QUICK_RUN.slice(1, 20));
    expect(stores.run.getState().phase).toBe('active');
    expect(memory.saved?.planned?.totalExecutions).toBe(81);

    api.emit(QUICK_RUN.slice(20));
    const state = stores.run.getState();
    expect(state.phase).toBe('finished');
    expect(state.progress?.status).toBe('completed');
    expect(memory.saved).toBeNull();
    // The finished run opens in the results view.
    expect(stores.nav.getState().tab).toBe('results');
    expect(stores.results.getState().run?.id).toBe(QUICK_RUN[0].runId);
  });

  it('stays on the run view when a cancelled run has nothing to show', async () => {
    const { api, stores } = setUp();
    api.nextRunId = CANCELLED_RUN[0].runId;
    stores.nav.getState().show('run');
    await stores.run.getState().start(request);
    api.emit(CANCELLED_RUN.slice(0, 8));
    await stores.run.getState().cancel();
    expect(stores.run.getState().cancelling).toBe(true);
    expect(api.calls.filter((c) => c.method === 'runs.cancel').map((c) => c.args)).toEqual([
      [CANCELLED_RUN[0].runId],
    ]);
    api.emit(CANCELLED_RUN.slice(8));
    expect(stores.run.getState()).toMatchObject({ phase: 'finished', cancelling: false });
    expect(stores.nav.getState().tab).toBe('run');
  });

  it("says why a run could not start, in the core's words", async () => {
    const { api, stores } = setUp();
    api.nextRunId = null;
    api.startError = new MountbenchError(
      'ENGINE_UNREACHABLE',
      'Cannot connect to the Docker daemon: is it running?',
    );
    expect(await stores.run.getState().start(request)).toBe(false);
    expect(stores.run.getState().phase).toBe('idle');
    expect(stores.notices.getState().notices).toMatchObject([
      { context: 'Could not start the run', message: 'Cannot connect to the Docker daemon: is it running?' },
    ]);
  });

  it('picks up a run in progress after a reload, with what it remembered', async () => {
    const runId = QUICK_RUN[0].runId;
    const planned = QUICK_RUN[0].type === 'planned' ? QUICK_RUN[0] : null;
    const { api, stores } = setUp(memoryOf({ runId, request, planned }));
    api.active = [runId];
    await stores.run.getState().reconnect();
    const joined = stores.run.getState();
    expect(joined.phase).toBe('active');
    expect(joined.request).toEqual(request);
    expect(joined.progress).toMatchObject({ joined: true, totalExecutions: 81 });
    expect(joined.progress?.pace.firstSample).toBeNull();
    expect(joined.progress?.backends.map((b) => b.label)).toContain('tmpfs');

    api.emit(QUICK_RUN.slice(40));
    expect(stores.run.getState().progress?.status).toBe('completed');
  });

  it('does nothing on reload when no run is in progress', async () => {
    const { stores } = setUp();
    await stores.run.getState().reconnect();
    expect(stores.run.getState().phase).toBe('idle');
  });

  it('stops listening when its signal aborts', async () => {
    const { api, stores, stop } = setUp();
    stop();
    expect(api.listeners.size).toBe(0);
    await stores.run.getState().start(request);
    api.emit(QUICK_RUN.slice(0, 5));
    expect(stores.run.getState().progress?.backends).toEqual([]);
  });
});

describe('where a finished run lands', () => {
  it('stays on the run view when a cancelled run has partial results; only a completed run opens Results', async () => {
    const { api, stores } = setUp();
    // The recorded quick run, cut after its first result and ended as a cancel would end it.
    const firstResult = QUICK_RUN.findIndex((e) => e.type === 'workload-done');
    const done = QUICK_RUN.at(-1);
    if (done?.type !== 'run-done') throw new Error('the recording ends with run-done');
    const kept = QUICK_RUN.slice(0, firstResult + 1).flatMap((e) =>
      e.type === 'workload-done' ? [e.result] : [],
    );
    expect(kept).toHaveLength(1);
    const cancelled = { ...done.run, status: 'cancelled' as const, results: kept };
    stores.nav.getState().show('run');
    await stores.run.getState().start(request);
    api.emit([...QUICK_RUN.slice(0, firstResult + 1), { ...done, status: 'cancelled', run: cancelled }]);
    expect(stores.run.getState().progress?.status).toBe('cancelled');
    expect(stores.run.getState().progress?.results).toHaveLength(1);
    expect(stores.nav.getState().tab).toBe('run');
    expect(stores.results.getState().run).toBeNull();
  });
});

describe('the answer before the clean-up', () => {
  const events = withAnswer(QUICK_RUN);
  const answeredAt = answerIndex(events);
  const done = events.at(-1);
  if (done?.type !== 'run-done') throw new Error('the recording ends with run-done');
  // What the clean-up said after the answer: in run-done's run, never in the file saved before it.
  const cleanupError = {
    name: 'MountbenchError',
    code: 'IO' as const,
    message: 'could not remove the fixture folder',
  };
  const ended = { ...done, run: { ...done.run, errors: [cleanupError] } };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('opens the stored answer in Results at run-answered while the run view says it is cleaning up', async () => {
    const { api, stores } = setUp();
    api.nextRunId = QUICK_RUN[0].runId;
    stores.nav.getState().show('run');
    await stores.run.getState().start(request);
    api.emit(events.slice(0, answeredAt));
    expect(stores.nav.getState().tab).toBe('run');
    expect(api.calls.some((c) => c.method === 'results.get')).toBe(false);
    const listings = () => api.calls.filter((c) => c.method === 'results.list').length;
    const listedBefore = listings();

    api.emit(events.slice(answeredAt, answeredAt + 1));
    // Results opens the run stored under the job's id, before anything of the clean-up has come.
    expect(stores.nav.getState().tab).toBe('results');
    expect(api.calls.filter((c) => c.method === 'results.get').map((c) => c.args)).toEqual([
      [QUICK_RUN[0].runId],
    ]);
    await settle();
    expect(stores.results.getState()).toMatchObject({ status: 'ready', run: { id: QUICK_RUN[0].runId } });
    // The job goes on: still active (no second run can start), its progress saying so.
    expect(stores.run.getState().phase).toBe('active');
    expect(stores.run.getState().progress).toMatchObject({ status: 'completed', cleaningUp: true });
    // History lists the stored run at the answer too.
    expect(listings()).toBe(listedBefore + 1);

    // The user goes back to watch the clean-up; its end does not take them away again.
    stores.nav.getState().show('run');
    api.emit([...events.slice(answeredAt + 1, -1), ended]);
    expect(stores.run.getState().phase).toBe('finished');
    expect(stores.run.getState().progress).toMatchObject({
      cleaningUp: false,
      run: { errors: [cleanupError] },
    });
    expect(stores.nav.getState().tab).toBe('run');
    // Results keeps the run it showed, now with the clean-up's error; not loaded a second time.
    expect(stores.results.getState().run?.errors).toEqual([cleanupError]);
    expect(api.calls.filter((c) => c.method === 'results.get')).toHaveLength(1);
  });

  it("doesn't open a failed answer: the run view says why, and that it is cleaning up", async () => {
    const { api, stores } = setUp();
    api.nextRunId = QUICK_RUN[0].runId;
    stores.nav.getState().show('run');
    await stores.run.getState().start(request);
    api.emit(events.slice(0, answeredAt));
    api.emit([{ type: 'run-answered', runId: QUICK_RUN[0].runId, status: 'failed' }]);
    expect(stores.nav.getState().tab).toBe('run');
    expect(api.calls.some((c) => c.method === 'results.get')).toBe(false);
    expect(stores.run.getState().progress).toMatchObject({ status: 'failed', cleaningUp: true });
  });

  it('an end that comes while the answer is still loading is the one shown', async () => {
    const { api, stores } = setUp();
    api.nextRunId = QUICK_RUN[0].runId;
    stores.nav.getState().show('run');
    await stores.run.getState().start(request);
    // Answer and end in the same turn (a host-only run has almost nothing to clean up).
    api.emit([...events.slice(0, -1), ended]);
    expect(stores.results.getState().status).toBe('loading');
    await settle();
    expect(stores.results.getState()).toMatchObject({ status: 'ready', run: { errors: [cleanupError] } });
  });

  it('with coalesced updates, the answer is published at once', async () => {
    vi.useFakeTimers();
    try {
      const api = createFakeApi();
      const stores = createStores(api, { memory: memoryOf(), sleep: async () => {}, coalesceMs: 250 });
      stores.run.getState().listen(new AbortController().signal);
      api.nextRunId = QUICK_RUN[0].runId;
      await stores.run.getState().start(request);
      api.emit(events.slice(0, answeredAt));
      expect(stores.run.getState().progress?.status).toBe('running');
      api.emit(events.slice(answeredAt, answeredAt + 1));
      expect(stores.run.getState().progress).toMatchObject({ status: 'completed', cleaningUp: true });
      // What was pending before it is not published over it later.
      vi.advanceTimersByTime(1000);
      expect(stores.run.getState().progress).toMatchObject({ status: 'completed', cleaningUp: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('run store with coalesced updates', () => {
  it('publishes a few times a second, not per event, and the end at once', async () => {
    vi.useFakeTimers();
    try {
      const api = createFakeApi();
      const stores = createStores(api, { memory: memoryOf(), sleep: async () => {}, coalesceMs: 250 });
      stores.run.getState().listen(new AbortController().signal);
      api.nextRunId = QUICK_RUN[0].runId;
      await stores.run.getState().start(request);
      let published = 0;
      stores.run.subscribe(() => (published += 1));
      const beforeEnd = QUICK_RUN.slice(0, -1);
      api.emit(beforeEnd);
      // Folded but not yet shown.
      expect(published).toBe(0);
      vi.advanceTimersByTime(250);
      expect(published).toBe(1);
      const shown = stores.run.getState().progress!;
      expect(shown.completedExecutions).toBe(
        Math.max(...beforeEnd.flatMap((e) => (e.type === 'sample' ? [e.completedExecutions] : []))),
      );
      expect(shown.samples).toHaveLength(beforeEnd.filter((e) => e.type === 'sample').length);
      // The end is published with no wait, and nothing stale follows it.
      api.emit(QUICK_RUN.slice(-1));
      expect(stores.run.getState().phase).toBe('finished');
      expect(stores.run.getState().progress?.status).toBe('completed');
      const after = published;
      vi.advanceTimersByTime(1000);
      expect(published).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });
});
