import { describe, expect, it } from 'vitest';
import { exitCodeOf, type ExecState } from './exec-exit';

/** An exec whose inspect answers the given states in turn, the last one from then on. */
function execAnswering(states: ExecState[]) {
  let asked = 0;
  return {
    asked: () => asked,
    inspect: async () => states[Math.min(asked++, states.length - 1)],
  };
}

describe('exitCodeOf', () => {
  it('waits while the engine still reports the process running, then reads its exit code', async () => {
    const exec = execAnswering([
      { Running: true, ExitCode: null },
      { Running: true, ExitCode: null },
      { Running: false, ExitCode: 0 },
    ]);
    expect(await exitCodeOf(exec, new AbortController().signal)).toBe(0);
    expect(exec.asked()).toBe(3);
  });

  it('reads a failure as it is, and -1 only when an ended process has no code', async () => {
    expect(
      await exitCodeOf(execAnswering([{ Running: false, ExitCode: 2 }]), new AbortController().signal),
    ).toBe(2);
    expect(
      await exitCodeOf(execAnswering([{ Running: false, ExitCode: null }]), new AbortController().signal),
    ).toBe(-1);
  });

  it('names a process still running past the bound instead of waiting for ever', async () => {
    const exec = execAnswering([{ Running: true, ExitCode: null }]);
    await expect(exitCodeOf(exec, new AbortController().signal, 100)).rejects.toThrow(
      /still reports it running/,
    );
  });

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController();
    const exec = execAnswering([{ Running: true, ExitCode: null }]);
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(exitCodeOf(exec, controller.signal)).rejects.toThrow(/cancelled/);
  });
});
