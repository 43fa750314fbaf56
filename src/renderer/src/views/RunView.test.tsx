// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/run-events';
import type { RunRequest } from '../../../shared/run-plan';
import { createFakeApi } from '../test-support/fake-api';
import { answerIndex, withAnswer } from '../test-support/answered-run';
import { CANCELLED_RUN, FAILED_RUN, QUICK_RUN } from '../test-support/recorded-runs';
import { renderWith } from '../test-support/render';
import { RunView } from './RunView';

const request: RunRequest = {
  engine: 'default',
  variants: ['native', 'fuse'],
  mounts: ['bind', 'tmpfs', 'host'],
  workloads: ['dd-write', 'buffered-read', 'sync-latency'],
  size: 'quick',
  runs: 3,
  warmup: 1,
};

async function startRun(events: readonly RunEvent[]) {
  const api = createFakeApi();
  api.nextRunId = events[0].runId;
  const rendered = renderWith(<RunView />, api);
  const listening = new AbortController();
  rendered.stores.run.getState().listen(listening.signal);
  await rendered.stores.setup.getState().load();
  await act(() => rendered.stores.run.getState().start(request));
  const emit = (slice: readonly RunEvent[]) => act(() => api.emit(slice));
  return { ...rendered, emit };
}

const stateOf = (id: string) => screen.getByTestId(`backend-state-${id}`);

describe('RunView', () => {
  it('says there is no run yet', () => {
    renderWith(<RunView />);
    expect(screen.getByTestId('run-idle').textContent).toContain('Benchmark my setup');
  });

  it('shows progress, each backend with k/n, the samples and the log as events land', async () => {
    const { emit } = await startRun(QUICK_RUN);
    const secondTimed = QUICK_RUN.findIndex((e) => e.type === 'sample' && !e.warmup && e.index === 1);
    emit(QUICK_RUN.slice(0, secondTimed + 1));

    expect(stateOf('docker-engine/native/bind').dataset.state).toBe('running');
    expect(stateOf('docker-engine/native/bind').textContent).toContain('sample 2 of 3');
    expect(stateOf('host').textContent).toContain('waiting');
    const bar = screen.getByTestId('run-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe(String(Math.round((3 / 81) * 100)));
    expect(within(screen.getByTestId('run-live-table')).getAllByRole('row')).toHaveLength(1 + 3);
    expect(screen.getByTestId('run-log').textContent).toContain(
      'Planned 4 backend(s) × 3 workload(s): 81 executions.',
    );

    const syncTimed = QUICK_RUN.findIndex(
      (e) => e.type === 'sample' && e.workloadId === 'sync-latency' && !e.warmup && e.index === 3,
    );
    emit(QUICK_RUN.slice(secondTimed + 1, syncTimed + 1));
    // sync-latency counts its edits (10 at quick size), not the runs.
    expect(stateOf('docker-engine/native/bind').textContent).toContain('edit 4 of 10');
  });

  it('never reads 100 % before the run has ended, and gives no time left before samples land', async () => {
    const { emit } = await startRun(QUICK_RUN);
    const firstSample = QUICK_RUN.findIndex((e) => e.type === 'sample');
    emit(QUICK_RUN.slice(0, firstSample + 1));
    expect(screen.getByTestId('run-eta').textContent).toBe('time left known once samples land');
    const rest = QUICK_RUN.slice(firstSample + 1, -1);
    for (let i = 0; i < rest.length; i += 20) {
      emit(rest.slice(i, i + 20));
      expect(Number(screen.getByTestId('run-progress').getAttribute('aria-valuenow'))).toBeLessThan(100);
    }
    emit(QUICK_RUN.slice(-1));
    expect(screen.getByTestId('run-progress').getAttribute('aria-valuenow')).toBe('100');
  });

  it('cancels through the API', async () => {
    const { emit, user, api } = await startRun(QUICK_RUN);
    emit(QUICK_RUN.slice(0, 10));
    await user.click(screen.getByTestId('run-cancel'));
    expect(api.calls.filter((c) => c.method === 'runs.cancel').map((c) => c.args[0])).toEqual([
      QUICK_RUN[0].runId,
    ]);
    expect(screen.getByTestId('run-status').textContent).toBe('Cancelling…');
  });

  it('says how far a cancelled run got, and that it was cancelled', async () => {
    const { emit } = await startRun(CANCELLED_RUN);
    emit(CANCELLED_RUN);
    expect(screen.getByTestId('run-status').textContent).toBe('Cancelled');
    expect(screen.getByTestId('run-finished').textContent).toContain('The run was cancelled.');
    // 4 of its 24 executions ran: the bar must not claim the plan was done.
    expect(screen.getByTestId('run-progress').getAttribute('aria-valuenow')).toBe('17');
    expect(screen.getByText(/4 of 24 executions/)).toBeTruthy();
    // The run file records the cancel among its errors; the log does not count it as one.
    const done = CANCELLED_RUN.find((e) => e.type === 'run-done');
    expect(done?.type === 'run-done' && done.run.errors.map((e) => e.code)).toContain('CANCELLED');
    expect(screen.getByTestId('run-log').textContent).toMatch(
      /Run cancelled: \d+ result\(s\), 0 error\(s\)\./,
    );
  });

  it('says a failed run failed', async () => {
    const failed = CANCELLED_RUN.map((e) =>
      e.type === 'run-done'
        ? { ...e, status: 'failed' as const, run: { ...e.run, status: 'failed' as const } }
        : e,
    );
    const { emit } = await startRun(failed);
    emit(failed);
    expect(screen.getByTestId('run-status').textContent).toBe('Failed');
    expect(screen.getByTestId('run-finished').textContent).toContain('The run failed.');
  });

  it('at the answer: the outcome, the way to the results and that it is cleaning up; at the end, what the clean-up said', async () => {
    const events = withAnswer(FAILED_RUN);
    const answeredAt = answerIndex(events);
    const { emit, user, api, stores } = await startRun(events);
    emit(events.slice(0, answeredAt));
    expect(screen.queryByTestId('run-cleaning-up')).toBeNull();
    expect(screen.queryByTestId('run-finished')).toBeNull();
    expect(screen.getByTestId('run-cancel')).toBeTruthy();

    emit(events.slice(answeredAt, answeredAt + 1));
    expect(screen.getByTestId('run-status').textContent).toBe('Completed');
    expect(screen.getByTestId('run-cleaning-up').textContent).toBe(
      'The answer is saved. Removing the containers, volumes and fixtures the run made…',
    );
    // Nothing left to cancel: a cancel now would not cut the clean-up short.
    expect(screen.queryByTestId('run-cancel')).toBeNull();
    expect(screen.getByTestId('run-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('run-finished').textContent).toContain('The run is complete');
    await act(() => stores.results.getState().clear());
    stores.nav.getState().show('run');
    // The run file comes with run-done: before it, "See the results" opens the stored answer by id.
    await user.click(screen.getByTestId('run-open-results'));
    expect(api.calls.filter((c) => c.method === 'results.get').map((c) => c.args)).toContainEqual([
      FAILED_RUN[0].runId,
    ]);
    expect(stores.nav.getState().tab).toBe('results');

    const done = events.at(-1);
    if (done?.type !== 'run-done') throw new Error('the recording ends with run-done');
    const cleanupError: RunEvent = {
      type: 'error',
      runId: done.runId,
      backendId: null,
      workloadId: null,
      error: { name: 'MountbenchError', code: 'IO', message: 'could not remove the fixture folder' },
    };
    emit([...events.slice(answeredAt + 1, -1), cleanupError, done]);
    expect(screen.queryByTestId('run-cleaning-up')).toBeNull();
    expect(screen.getByTestId('run-status').textContent).toBe('Completed');
    expect(screen.getByTestId('run-errors').textContent).toContain('could not remove the fixture folder');
  });

  it('ends with failed backends saying why and a way to the results', async () => {
    const { emit } = await startRun(FAILED_RUN);
    emit(FAILED_RUN);
    expect(stateOf('docker-engine/native/tmpfs').dataset.state).toBe('failed');
    expect(stateOf('docker-engine/native/tmpfs').textContent).toContain(
      'failed: custom: the workload failed: exit code 3',
    );
    expect(stateOf('host').dataset.state).toBe('done');
    expect(screen.getByTestId('run-status').textContent).toBe('Completed');
    expect(screen.queryByTestId('run-cancel')).toBeNull();
    expect(screen.getByTestId('run-open-results')).toBeTruthy();
  });
});
