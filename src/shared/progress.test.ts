import { describe, expect, it } from 'vitest';
import { answerIndex, withAnswer } from '../renderer/src/test-support/answered-run';
import { QUICK_RUN } from '../renderer/src/test-support/recorded-runs';
import type { RunEvent } from './run-events';
import {
  emptyPace,
  foldPace,
  formatRemaining,
  paceOf,
  raceWords,
  remainingWords,
  type PaceState,
} from './progress';

const RUN = 'r1';
const backend = (id: string) => ({ id, provider: null, variant: null, mount: 'host' as const, label: id });

function planned(plan: { workloadId: string; least: number; most: number }[]): RunEvent {
  return {
    type: 'planned',
    runId: RUN,
    backends: [backend('a'), backend('b')],
    workloads: plan.map((w) => w.workloadId) as never,
    totalExecutions: plan.reduce((s, w) => s + w.least, 0),
    maxExecutions: plan.reduce((s, w) => s + w.most, 0),
    workloadPlan: plan as never,
  };
}

let completed = 0;
function sample(backendId: string, workloadId: string, index: number, warmup = false): RunEvent {
  return {
    type: 'sample',
    runId: RUN,
    backendId,
    workloadId: workloadId as never,
    workloadCase: null,
    index,
    warmup,
    seconds: 0.1,
    completedExecutions: ++completed,
  };
}

const done = (status: 'completed' | 'cancelled' = 'completed'): RunEvent =>
  ({ type: 'run-done', runId: RUN, status, run: {} as never }) as RunEvent;

/** A race of two backends over two workloads: 1 warm-up each, 3 to 20 timed samples each. */
function raceEvents(roundsOfFirst: number, roundsOfSecond: number): { event: RunEvent; atMs: number }[] {
  completed = 0;
  const out: { event: RunEvent; atMs: number }[] = [];
  let t = 0;
  const push = (event: RunEvent, step: number) => out.push({ event, atMs: (t += step) });
  push(
    planned([
      { workloadId: 'dd-write', least: 8, most: 42 },
      { workloadId: 'metadata-walk', least: 8, most: 42 },
    ]),
    0,
  );
  for (const [workload, rounds] of [
    ['dd-write', roundsOfFirst],
    ['metadata-walk', roundsOfSecond],
  ] as const) {
    // Fixtures take a long while before the first sample of each workload.
    push(sample('a', workload, 0, true), 30_000);
    push(sample('b', workload, 0, true), 1000);
    for (let i = 0; i < rounds; i++) {
      push(sample('a', workload, i), 1000);
      push(sample('b', workload, i), 1000);
    }
  }
  push(done(), 2000);
  return out;
}

function replay(events: { event: RunEvent; atMs: number }[]) {
  let state: PaceState = emptyPace();
  return events.map(({ event, atMs }) => {
    state = foldPace(state, event, atMs);
    return { event, pace: paceOf(state, atMs, { maxRounds: 20 }) };
  });
}

describe('paceOf', () => {
  it('never reads 100 % before the end event, even when a race goes past its least samples', () => {
    const seen = replay(raceEvents(15, 12));
    for (const { event, pace } of seen.slice(0, -1)) {
      expect(event.type).not.toBe('run-done');
      expect(pace.percent ?? 0).toBeLessThan(100);
      expect(pace.fraction ?? 0).toBeLessThan(1);
    }
    expect(seen.at(-1)!.pace.percent).toBe(100);
  });

  it('has no ETA before samples have landed, then one after the first two', () => {
    const seen = replay(raceEvents(3, 3));
    expect(seen[0].pace.remaining).toBeNull();
    expect(seen[1].pace.remaining).toBeNull();
    expect(seen[2].pace.remaining).toBeNull();
    expect(seen[3].pace.remaining).not.toBeNull();
  });

  it('gives a range for a race that narrows as it goes, and shrinks at a steady pace', () => {
    const seen = replay(raceEvents(20, 20)).slice(3, -1);
    const highs = seen.map((s) => s.pace.remaining!.high);
    const lows = seen.map((s) => s.pace.remaining!.low);
    expect(highs[0]).toBeGreaterThan(lows[0]);
    // The top of the range never more than doubles from one event to the next (the CLI once went
    // 1 h 13 m → 37 m → 10 m on a 57 s run).
    for (let i = 1; i < highs.length; i++) expect(highs[i]).toBeLessThanOrEqual(highs[i - 1] * 2 + 1);
    // Over the second workload, samples at a steady second each: the top shrinks every event.
    const second = highs.slice(-30);
    for (let i = 1; i < second.length; i++) expect(second[i]).toBeLessThan(second[i - 1]);
    expect(highs.at(-1)).toBeLessThan(highs[0]);
  });

  it('keeps a bar that only moves forward over a recorded run (older core: no per-workload plan)', () => {
    let state = emptyPace();
    const percents: number[] = [];
    QUICK_RUN.forEach((event, i) => {
      state = foldPace(state, event, i * 1000);
      const { percent } = paceOf(state, i * 1000);
      if (percent !== null) percents.push(percent);
      if (event.type !== 'run-done') expect(percent ?? 0).toBeLessThan(100);
    });
    expect(percents.at(-1)).toBe(100);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1])).toBe(true);
  });

  it('reads 100 % at the answer of a completed run, with no time left, while the clean-up goes on', () => {
    const events = withAnswer(QUICK_RUN);
    const answeredAt = answerIndex(events);
    let state = emptyPace();
    events.forEach((event, i) => {
      state = foldPace(state, event, i * 1000);
      const pace = paceOf(state, i * 1000);
      if (i < answeredAt) expect(pace.percent ?? 0).toBeLessThan(100);
      else expect(pace).toMatchObject({ percent: 100, remaining: null, left: { low: 0, high: 0 } });
    });
  });

  it('names the round and the backends still racing', () => {
    completed = 0;
    let state = foldPace(emptyPace(), planned([{ workloadId: 'dd-write', least: 8, most: 42 }]), 0);
    for (const event of [sample('a', 'dd-write', 0), sample('b', 'dd-write', 0), sample('a', 'dd-write', 1)])
      state = foldPace(state, event, 1000);
    const pace = paceOf(state, 2000, { maxRounds: 20 });
    expect(pace.race).toEqual({ workloadId: 'dd-write', round: 2, maxRounds: 20, racing: 2 });
    expect(raceWords(pace.race!)).toBe('round 2 of at most 20, 2 backends still racing');
  });

  it('counts restarts still to come in the time left', () => {
    completed = 0;
    let state = foldPace(emptyPace(), planned([{ workloadId: 'dd-write', least: 10, most: 10 }]), 0);
    for (let i = 0; i < 5; i++) state = foldPace(state, sample('a', 'dd-write', i), i * 1000);
    // 4 executions in 4 s since the first: 1 s each, 5 left, plus a 60 s restart.
    expect(paceOf(state, 4000).remaining).toEqual({ low: 5, high: 5 });
    expect(paceOf(state, 4000, { restartSecondsLeft: 60 }).remaining).toEqual({ low: 65, high: 65 });
  });

  it("adds a sweep's later settings (their measuring range) and restarts, only once this run's speed is known", () => {
    completed = 0;
    let state = foldPace(emptyPace(), planned([{ workloadId: 'dd-write', least: 10, most: 10 }]), 0);
    const later = { low: 100, high: 300 };
    // One sample: no speed yet, so no time left, whatever is still to come.
    state = foldPace(state, sample('a', 'dd-write', 0), 0);
    expect(paceOf(state, 500, { restartSecondsLeft: 90, laterSeconds: later }).remaining).toBeNull();
    for (let i = 1; i < 5; i++) state = foldPace(state, sample('a', 'dd-write', i), i * 1000);
    expect(paceOf(state, 4000, { restartSecondsLeft: 90, laterSeconds: later }).remaining).toEqual({
      low: 5 + 90 + 100,
      high: 5 + 90 + 300,
    });
  });

  it('shows how far a cancelled run got, never a full bar', () => {
    completed = 0;
    let state = foldPace(emptyPace(), planned([{ workloadId: 'dd-write', least: 10, most: 10 }]), 0);
    state = foldPace(state, sample('a', 'dd-write', 0), 1000);
    state = foldPace(state, done('cancelled'), 2000);
    expect(paceOf(state, 2000)).toMatchObject({ percent: 10, remaining: null });
  });
});

describe('words', () => {
  it('says a range only when its ends differ', () => {
    expect(remainingWords({ low: 40, high: 44 })).toBe('about 42 s left');
    expect(remainingWords({ low: 40, high: 190 })).toBe('40 s – 3 min 10 s left');
    expect(formatRemaining(3720)).toBe('1 h 02 min');
    expect(formatRemaining(Number.NaN)).toBe('…');
  });
});
