import { describe, expect, it } from 'vitest';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { formatRemaining, runEta } from './eta';
import { emptyRun, reduceRun } from './run-progress';

const running = {
  status: 'running' as const,
  totalExecutions: 100,
  completedExecutions: 0,
  baseline: { atMs: 0, completed: 0 },
};

describe('runEta', () => {
  it('has no ETA before the first execution', () => {
    expect(runEta(running, 5000)).toEqual({ fraction: 0, remainingSeconds: null });
  });

  it('extrapolates the speed so far', () => {
    // 25 executions in 50 s: 2 s each, 75 left.
    expect(runEta({ ...running, completedExecutions: 25 }, 50_000)).toEqual({
      fraction: 0.25,
      remainingSeconds: 150,
    });
  });

  it('measures a joined run from when it joined', () => {
    const joined = { ...running, completedExecutions: 60, baseline: { atMs: 100_000, completed: 50 } };
    // 10 executions in 20 s since joining: 2 s each, 40 left.
    expect(runEta(joined, 120_000)).toEqual({ fraction: 0.6, remainingSeconds: 80 });
  });

  it('holds at 100 % when an adaptive run goes past its plan', () => {
    expect(runEta({ ...running, completedExecutions: 130 }, 60_000)).toEqual({
      fraction: 1,
      remainingSeconds: 0,
    });
  });

  it('shows how far a cancelled or failed run got, and a full bar only for a completed one', () => {
    const ended = { ...running, completedExecutions: 4, totalExecutions: 24 };
    expect(runEta({ ...ended, status: 'cancelled' }, 1000)).toEqual({
      fraction: 4 / 24,
      remainingSeconds: 0,
    });
    expect(runEta({ ...ended, status: 'failed' }, 1000)).toEqual({ fraction: 4 / 24, remainingSeconds: 0 });
    expect(runEta({ ...ended, status: 'completed' }, 1000)).toEqual({ fraction: 1, remainingSeconds: 0 });
  });

  it('knows neither while the total is unknown', () => {
    expect(runEta({ ...running, totalExecutions: null, completedExecutions: 12 }, 1000)).toEqual({
      fraction: null,
      remainingSeconds: null,
    });
  });

  it('follows a recorded run from planned to done', () => {
    let state = emptyRun(QUICK_RUN[0].runId, 0);
    const fractions: number[] = [];
    QUICK_RUN.forEach((event, i) => {
      state = reduceRun(state, event, i * 1000);
      const { fraction } = runEta(state, i * 1000);
      if (fraction !== null) fractions.push(fraction);
    });
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1])).toBe(true);
  });
});

describe('formatRemaining', () => {
  it('reads like a person would say it', () => {
    expect(formatRemaining(12.4)).toBe('12 s');
    expect(formatRemaining(245)).toBe('4 min 05 s');
    expect(formatRemaining(3720)).toBe('1 h 02 min');
    expect(formatRemaining(Number.NaN)).toBe('…');
  });
});
