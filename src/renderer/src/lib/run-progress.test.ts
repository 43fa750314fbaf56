import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/run-events';
import { answerIndex, withAnswer } from '../test-support/answered-run';
import { CANCELLED_RUN, FAILED_RUN, QUICK_RUN } from '../test-support/recorded-runs';
import { emptyRun, MAX_LIVE_SAMPLES, reduceRun, type RunProgress } from './run-progress';

/** Feeds events one second apart, as if they arrived live. */
function fold(events: RunEvent[], start: RunProgress = emptyRun(events[0].runId, 0)): RunProgress {
  return events.reduce((state, event, i) => reduceRun(state, event, (i + 1) * 1000), start);
}

function upTo(events: RunEvent[], predicate: (e: RunEvent) => boolean): RunEvent[] {
  return events.slice(0, events.findIndex(predicate) + 1);
}

describe('reduceRun on a recorded quick run', () => {
  it('takes the backends, their labels and the total from planned', () => {
    const state = fold(QUICK_RUN.slice(0, 1));
    expect(state.backends.map((b) => [b.label, b.state])).toEqual([
      ['bind mount · native', 'waiting'],
      ['tmpfs', 'waiting'],
      ['bind mount · FUSE share (bindfs)', 'waiting'],
      ['host (no container): baseline', 'waiting'],
    ]);
    expect(state.totalExecutions).toBe(81);
    expect(state.log[0].text).toBe('Planned 4 backend(s) × 3 workload(s): 81 executions.');
  });

  it('follows a backend through fixture, calibration, warm-up and timed runs', () => {
    const fixture = fold(upTo(QUICK_RUN, (e) => e.type === 'phase' && e.phase === 'fixture'));
    expect(fixture.backends[0]).toMatchObject({ state: 'fixture', workloadId: 'dd-write' });
    expect(fixture.backends[1].state).toBe('waiting');

    const warm = fold(upTo(QUICK_RUN, (e) => e.type === 'sample' && e.warmup));
    expect(warm.backends[0]).toMatchObject({ state: 'warmup', count: 1 });

    const timed = fold(upTo(QUICK_RUN, (e) => e.type === 'sample' && !e.warmup && e.index === 1));
    expect(timed.backends[0]).toMatchObject({ state: 'running', count: 2, workloadId: 'dd-write' });
    expect(timed.completedExecutions).toBe(3);
    expect(timed.samples.map((s) => s.warmup)).toEqual([true, false, false]);
  });

  it('restarts the count for each case of buffered-read', () => {
    const secondCase = fold(
      upTo(QUICK_RUN, (e) => e.type === 'sample' && e.workloadCase === '1024' && !e.warmup && e.index === 0),
    );
    expect(secondCase.backends[0]).toMatchObject({
      workloadId: 'buffered-read',
      workloadCase: '1024',
      count: 1,
    });
  });

  it('ends with every backend done, all results and the run file', () => {
    const state = fold(QUICK_RUN);
    expect(state.status).toBe('completed');
    expect(state.backends.every((b) => b.state === 'done')).toBe(true);
    expect(state.results).toHaveLength(15);
    expect(state.run?.id).toBe(QUICK_RUN[0].runId);
    expect(state.completedExecutions).toBe(81);
    expect(state.log.at(-1)?.text).toBe('Run completed: 15 result(s), 0 error(s).');
  });
});

describe('reduceRun at the answer, before the clean-up has ended', () => {
  const events = withAnswer(QUICK_RUN);
  const answeredAt = answerIndex(events);

  it('is running and not answered until run-answered', () => {
    const before = fold(events.slice(0, answeredAt));
    expect(before).toMatchObject({ status: 'running', answered: false, cleaningUp: false, run: null });
  });

  it('takes the outcome at the answer, says it is cleaning up, and has every result but no run file yet', () => {
    const state = fold(events.slice(0, answeredAt + 1));
    expect(state).toMatchObject({ status: 'completed', answered: true, cleaningUp: true, run: null });
    expect(state.results).toHaveLength(15);
    expect(state.completedExecutions).toBe(81);
    expect(state.log.at(-1)?.text).toBe(
      'The answer is ready (run completed); cleaning up what the run made.',
    );
    // The clean-up's own events still land while it says so.
    const cleaning = fold(events.slice(0, -1));
    expect(cleaning.cleaningUp).toBe(true);
    expect(cleaning.backends.at(-1)?.state).toBe('done');
  });

  it('ends at run-done as before: the run file, every backend done, no longer cleaning up', () => {
    const state = fold(events);
    expect(state).toMatchObject({ status: 'completed', answered: true, cleaningUp: false });
    expect(state.run?.id).toBe(QUICK_RUN[0].runId);
    expect(state.backends.every((b) => b.state === 'done')).toBe(true);
    expect(state.log.at(-1)?.text).toBe('Run completed: 15 result(s), 0 error(s).');
  });

  it('a cancelled run is answered cancelled, and keeps the count where it stopped', () => {
    const cancelled = withAnswer(CANCELLED_RUN);
    const state = fold(cancelled.slice(0, answerIndex(cancelled) + 1));
    expect(state).toMatchObject({ status: 'cancelled', answered: true, cleaningUp: true });
    expect(state.completedExecutions).toBe(4);
  });
});

describe('reduceRun on failures and cancels', () => {
  it('says why a backend failed', () => {
    const state = fold(FAILED_RUN);
    const tmpfs = state.backends.find((b) => b.id === 'docker-engine/native/tmpfs');
    expect(tmpfs?.state).toBe('failed');
    expect(tmpfs?.errors).toEqual(['custom: the workload failed: exit code 3']);
    expect(state.backends.find((b) => b.id === 'host')?.state).toBe('done');
    expect(state.log.some((l) => l.level === 'error' && l.text.includes('exit code 3'))).toBe(true);
  });

  it('marks the stopped backend cancelled and the unreached one not run', () => {
    const state = fold(CANCELLED_RUN);
    expect(state.status).toBe('cancelled');
    expect(state.backends.map((b) => b.state)).toEqual(['cancelled', 'not-run']);
    // It stopped after 4 of its 24 executions: the count must not jump to the plan's total.
    expect(state.completedExecutions).toBe(4);
    expect(state.totalExecutions).toBe(24);
    // The cancel is information, not an error to alarm the user.
    expect(state.log.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('reduceRun when joining a run already in progress', () => {
  it('builds backends from the events it sees, and measures speed from the first sample it saw', () => {
    const late = QUICK_RUN.filter((e) => e.type === 'sample').slice(10, 12);
    const state = fold(late, emptyRun(late[0].runId, 0, { joined: true }));
    expect(state.totalExecutions).toBeNull();
    expect(state.backends).toHaveLength(1);
    expect(state.backends[0]).toMatchObject({
      id: late[0].backendId,
      label: late[0].backendId,
      state: 'running',
    });
    expect(state.completedExecutions).toBe(12);
    expect(state.pace.firstSample).toEqual({ atMs: 1000, completed: 11 });
  });

  it('learns a backend label from its first result when planned was missed', () => {
    const late = QUICK_RUN.slice(QUICK_RUN.findIndex((e) => e.type === 'sample' && e.index === 2) - 1);
    const state = fold(
      late.slice(0, late.findIndex((e) => e.type === 'workload-done') + 1),
      emptyRun(late[0].runId, 0, { joined: true }),
    );
    expect(state.backends[0].label).toBe('bind mount · native');
  });

  it('takes the labels and total of a remembered planned event without restarting the ETA clock', () => {
    const joined = emptyRun(QUICK_RUN[0].runId, 0, { joined: true });
    const state = reduceRun(joined, QUICK_RUN[0], 5000);
    expect(state.backends[0].label).toBe('bind mount · native');
    expect(state.totalExecutions).toBe(81);
    expect(state.pace.firstSample).toBeNull();
  });

  it('knows the backends before the active one ran while it was away, and learns their outcome at the end', () => {
    const planned = QUICK_RUN[0];
    const tmpfsStart = QUICK_RUN.findIndex(
      (e) => e.type === 'backend-started' && e.backendId === 'docker-engine/native/tmpfs',
    );
    const joined = reduceRun(emptyRun(planned.runId, 0, { joined: true }), planned, 0);
    // Joined just after tmpfs started: it is laying its first fixture.
    const fixture = QUICK_RUN.findIndex(
      (e, i) => i > tmpfsStart && e.type === 'phase' && e.phase === 'fixture',
    );
    const state = fold(QUICK_RUN.slice(tmpfsStart + 1, fixture + 1), joined);
    expect(state.backends.map((b) => b.state)).toEqual(['missed', 'fixture', 'waiting', 'waiting']);
    const done = fold(QUICK_RUN.slice(fixture + 1), state);
    expect(done.backends.map((b) => b.state)).toEqual(['done', 'done', 'done', 'done']);

    const failedStart = FAILED_RUN.findIndex((e) => e.type === 'backend-started' && e.backendId === 'host');
    const failedJoined = reduceRun(emptyRun(FAILED_RUN[0].runId, 0, { joined: true }), FAILED_RUN[0], 0);
    const failed = fold(FAILED_RUN.slice(failedStart), failedJoined);
    expect(failed.backends[0]).toMatchObject({
      state: 'failed',
      errors: ['custom: the workload failed: exit code 3'],
    });
  });

  it('ignores events of another run', () => {
    const state = emptyRun('someone-else', 0);
    expect(reduceRun(state, QUICK_RUN[0], 1)).toBe(state);
  });

  it('keeps only the latest samples of a very long run', () => {
    const sample = QUICK_RUN.find((e) => e.type === 'sample')!;
    const many = Array.from({ length: MAX_LIVE_SAMPLES + 10 }, (_, i) => ({
      ...sample,
      completedExecutions: i + 1,
    }));
    const state = fold(many as RunEvent[]);
    expect(state.samples).toHaveLength(MAX_LIVE_SAMPLES);
    expect(state.samples[0].execution).toBe(11);
  });
});

describe('reduceRun on a workload fetching before its fixture', () => {
  const tick = (done: number): RunEvent => ({
    type: 'fetch-progress',
    runId: 'r',
    workloadId: 'npm-install',
    what: 'npm packages',
    done,
    total: 1192,
  });

  it('shows the count while npm-install fetches its cache, logs the start and the end, and clears it when done', () => {
    const fetching = fold([tick(0), tick(500)]);
    expect(fetching.fetch).toEqual({
      workloadId: 'npm-install',
      what: 'npm packages',
      done: 500,
      total: 1192,
    });
    expect(fetching.log.map((l) => l.text)).toEqual(['npm-install: fetching npm packages (1192)…']);
    const done = fold([tick(0), tick(500), tick(1192)]);
    expect(done.fetch).toBeNull();
    expect(done.log.map((l) => l.text).at(-1)).toBe('npm-install: fetched npm packages.');
  });
});
