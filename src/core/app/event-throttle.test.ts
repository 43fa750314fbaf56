import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../shared/run-events';
import type { RunFile } from '../../shared/result-schema';
import type { JobEvent, JobEventOf } from '../../shared/jobs';
import type { SweepEvent } from '../../shared/sweep';
import {
  coalesceKey,
  createEventThrottle,
  jobCoalesceKey,
  sweepCoalesceKey,
  type ThrottleClock,
} from './event-throttle';

// A clock the test moves by hand, so nothing depends on how fast the machine is.
function manualClock(): ThrottleClock & { advance(ms: number): void; pendingTimers(): number } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
    pendingTimers: () => timers.size,
  };
}

function sample(index: number, backendId = 'docker-engine/native/bind'): RunEvent {
  return {
    type: 'sample',
    runId: 'run-1',
    backendId,
    workloadId: 'dd-write',
    workloadCase: null,
    index,
    warmup: false,
    seconds: 0.5 + index / 100,
    completedExecutions: index + 1,
  };
}

function phase(p: 'fixture' | 'timed', backendId = 'docker-engine/native/bind'): RunEvent {
  return { type: 'phase', runId: 'run-1', backendId, workloadId: 'dd-write', phase: p };
}

const backendDone: RunEvent = {
  type: 'backend-done',
  runId: 'run-1',
  backendId: 'docker-engine/native/bind',
  ok: true,
};

function runDone(): RunEvent {
  // Only `type` matters to the throttle; the run file's content is opaque to it.
  return { type: 'run-done', runId: 'run-1', status: 'completed', run: {} as RunFile };
}

const runAnswered: RunEvent = { type: 'run-answered', runId: 'run-1', status: 'completed' };

function setup(intervalMs = 33) {
  const clock = manualClock();
  const sent: RunEvent[] = [];
  const throttle = createEventThrottle((event) => sent.push(event), { intervalMs, clock });
  return { clock, sent, throttle };
}

describe('coalesceKey', () => {
  it('coalesces progress per run and backend, and never keys result-bearing events', () => {
    expect(coalesceKey(sample(0))).toBe(coalesceKey(sample(7)));
    expect(coalesceKey(sample(0, 'a'))).not.toBe(coalesceKey(sample(0, 'b')));
    expect(coalesceKey(phase('fixture'))).not.toBe(coalesceKey(sample(0)));
    expect(coalesceKey(backendDone)).toBeNull();
    expect(coalesceKey(runDone())).toBeNull();
    expect(coalesceKey(runAnswered)).toBeNull();
    expect(coalesceKey({ type: 'backend-started', runId: 'r', backendId: 'b' })).toBeNull();
    expect(
      coalesceKey({ type: 'planned', runId: 'r', backends: [], workloads: [], totalExecutions: 0 }),
    ).toBeNull();
  });
});

describe('createEventThrottle', () => {
  it('sends the first progress event at once, then only the latest one per interval', () => {
    const { clock, sent, throttle } = setup(33);
    throttle.push(sample(0));
    expect(sent).toEqual([sample(0)]);

    for (let i = 1; i <= 50; i++) throttle.push(sample(i));
    expect(sent).toHaveLength(1);

    clock.advance(32);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent).toEqual([sample(0), sample(50)]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('bounds the rate: a thousand samples over one simulated second leave about 30 times', () => {
    const { clock, sent, throttle } = setup(33);
    for (let ms = 0; ms < 1000; ms++) {
      throttle.push(sample(ms));
      clock.advance(1);
    }
    throttle.flush();
    expect(sent.length).toBeGreaterThanOrEqual(28);
    expect(sent.length).toBeLessThanOrEqual(32);
    // The newest state always gets through.
    expect(sent.at(-1)).toEqual(sample(999));
  });

  it('never drops or delays result-bearing events, and flushes older progress before them', () => {
    const { sent, throttle } = setup(33);
    throttle.push(sample(0));
    throttle.push(sample(1));
    throttle.push(phase('timed'));
    throttle.push(runAnswered);
    throttle.push(backendDone);
    throttle.push(runDone());
    expect(sent.map((e) => e.type)).toEqual([
      'sample',
      'sample',
      'phase',
      'run-answered',
      'backend-done',
      'run-done',
    ]);
    expect(sent[1]).toEqual(sample(1));
  });

  it('sends the answer at once, whatever progress is pending, and through the job stream too', () => {
    const { clock, sent, throttle } = setup(200);
    throttle.push(sample(0));
    throttle.push(sample(1));
    throttle.push(runAnswered);
    // No time passed: the answer did not wait for the interval, and the sample before it went first.
    expect(sent).toEqual([sample(0), sample(1), runAnswered]);
    expect(clock.pendingTimers()).toBe(0);
    expect(jobCoalesceKey({ jobId: 'run-1', kind: 'run', event: runAnswered })).toBeNull();
  });

  it('keeps planned, workload-done, backend-done, error and run-done among a flood of samples', () => {
    const { clock, sent, throttle } = setup(33);
    const planned: RunEvent = {
      type: 'planned',
      runId: 'run-1',
      backends: [],
      workloads: ['dd-write'],
      totalExecutions: 500,
    };
    const workloadDone = { type: 'workload-done', runId: 'run-1', result: {} } as RunEvent;
    const error: RunEvent = {
      type: 'error',
      runId: 'run-1',
      backendId: 'docker-engine/native/bind',
      workloadId: 'dd-write',
      error: { name: 'MountbenchError', message: 'boom', code: 'WORKLOAD_FAILED' },
    };
    const mustArrive = [planned, workloadDone, error, backendDone, runDone()];
    throttle.push(planned);
    for (let i = 0; i < 500; i++) {
      throttle.push(sample(i));
      if (i === 200) throttle.push(workloadDone);
      if (i === 300) throttle.push(error);
      clock.advance(1);
    }
    throttle.push(backendDone);
    throttle.push(runDone());
    expect(sent.filter((e) => e.type !== 'sample')).toEqual(mustArrive);
    // ~500 ms of samples at one per ms: about 15 flushes of the latest sample, plus the flushes
    // forced ahead of the two result events.
    expect(sent.filter((e) => e.type === 'sample').length).toBeLessThanOrEqual(20);
    expect(sent.at(-1)).toEqual(runDone());
  });

  it('delivers every one of many consecutive result-bearing events', () => {
    const { sent, throttle } = setup(33);
    for (let i = 0; i < 100; i++) {
      throttle.push({
        type: 'error',
        runId: 'run-1',
        backendId: null,
        workloadId: null,
        error: { name: 'MountbenchError', message: `failure ${i}`, code: 'WORKLOAD_FAILED' },
      });
    }
    expect(sent).toHaveLength(100);
  });

  it('keeps the latest progress of each backend apart, in the order they last changed', () => {
    const { clock, sent, throttle } = setup(33);
    throttle.push(sample(0, 'a'));
    throttle.push(sample(1, 'b'));
    throttle.push(sample(2, 'a'));
    throttle.push(sample(3, 'b'));
    clock.advance(33);
    expect(sent).toEqual([sample(0, 'a'), sample(2, 'a'), sample(3, 'b')]);
  });

  it('close drops what is pending and ignores later events', () => {
    const { clock, sent, throttle } = setup(33);
    throttle.push(sample(0));
    throttle.push(sample(1));
    throttle.close();
    clock.advance(100);
    throttle.push(runDone());
    expect(sent).toEqual([sample(0)]);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('sweep events through the throttle', () => {
  it('coalesces the wrapped samples and the product progress, never a phase change or the end', () => {
    const clock = manualClock();
    const sent: SweepEvent[] = [];
    const throttle = createEventThrottle<SweepEvent>((e) => sent.push(e), { clock, key: sweepCoalesceKey });
    const wrap = (event: RunEvent): SweepEvent => ({
      type: 'run',
      sweepId: 's-1',
      variant: 'vz-grpcfuse',
      event,
    });
    throttle.push(wrap(sample(0)));
    for (let i = 1; i < 10; i++) throttle.push(wrap(sample(i)));
    throttle.push({ type: 'progress', sweepId: 's-1', message: 'starting' });
    throttle.push({ type: 'progress', sweepId: 's-1', message: 'running' });
    expect(sent).toHaveLength(1);
    throttle.push({
      type: 'variant',
      sweepId: 's-1',
      variant: 'vz-grpcfuse',
      label: 'VZ + gRPC FUSE',
      phase: 'done',
    });
    // The phase change flushed what was pending first: the latest sample, the latest progress.
    expect(sent.map((e) => (e.type === 'run' && e.event.type === 'sample' ? e.event.index : e.type))).toEqual(
      [0, 9, 'progress', 'variant'],
    );
    const progress = sent.find((e) => e.type === 'progress');
    expect(progress?.type === 'progress' && progress.message).toBe('running');
    throttle.push({
      type: 'sweep-done',
      sweepId: 's-1',
      finish: { status: 'completed', variants: [], runId: null, restored: true },
    });
    expect(sent.at(-1)?.type).toBe('sweep-done');
  });

  it("coalesces an apply's waiting lines per apply, never its steps or its end, by the one job key", () => {
    const apply = (event: JobEventOf<'apply'>['event']): JobEvent => ({
      jobId: event.applyId,
      kind: 'apply',
      event,
    });
    expect(jobCoalesceKey(apply({ type: 'apply', applyId: 'a', phase: 'verify' }))).toBeNull();
    expect(jobCoalesceKey(apply({ type: 'apply-done', applyId: 'a', result: null }))).toBeNull();
    const key = jobCoalesceKey(apply({ type: 'progress', applyId: 'a', message: 'starting' }));
    expect(key).not.toBeNull();
    expect(jobCoalesceKey(apply({ type: 'progress', applyId: 'a', message: 'running' }))).toBe(key);
    expect(jobCoalesceKey(apply({ type: 'progress', applyId: 'b', message: 'starting' }))).not.toBe(key);
  });
});

describe('jobCoalesceKey', () => {
  it("keys each job's progress by its job and kind, and never coalesces an end", () => {
    const sample = (runId: string): RunEvent => ({
      type: 'sample',
      runId,
      backendId: 'host',
      workloadId: 'dd-write',
      workloadCase: null,
      index: 0,
      warmup: false,
      seconds: 0.1,
      completedExecutions: 1,
    });
    const a = jobCoalesceKey({ jobId: 'r-1', kind: 'run', event: sample('r-1') });
    const b = jobCoalesceKey({ jobId: 'r-2', kind: 'run', event: sample('r-2') });
    expect(a).not.toBeNull();
    expect(a).not.toBe(b);
    const waiting = jobCoalesceKey({
      jobId: 'a-1',
      kind: 'apply',
      event: { type: 'progress', applyId: 'a-1', message: 'VM booting' },
    });
    expect(waiting).not.toBeNull();
    expect(
      jobCoalesceKey({
        jobId: 'a-1',
        kind: 'apply',
        event: { type: 'apply-done', applyId: 'a-1', result: null },
      }),
    ).toBeNull();
  });
});
