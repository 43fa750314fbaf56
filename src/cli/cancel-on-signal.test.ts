import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelOnSignal, CANCEL_SIGNALS, type SignalCancel } from './cancel-on-signal';

let cancel: SignalCancel | null = null;
afterEach(() => {
  cancel?.dispose();
  cancel = null;
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

describe('cancelOnSignal', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s cancels once and gives exit code %i', (name, code) => {
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    cancel = cancelOnSignal({ cancelling: 'cancelling: putting things back…', again: 'warn' });
    expect(cancel.signal.aborted).toBe(false);
    process.emit(name, name);
    expect(cancel.signal.aborted).toBe(true);
    expect(cancel.received()).toBe(name);
    expect(cancel.exitCode()).toBe(code);
    // A second signal during a settings change only warns: the first one is still the outcome.
    process.emit('SIGINT', 'SIGINT');
    expect(cancel.received()).toBe(name);
    expect(said.mock.calls.map((c) => String(c[0])).join('')).toMatch(/still putting settings back/);
  });

  it('says an error after a signal as the cancel, and leaves other errors to the caller', () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    cancel = cancelOnSignal({ cancelling: 'cancelling', again: 'warn' });
    expect(cancel.endedBy(new Error('boom'))).toBe(false);
    process.emit('SIGTERM', 'SIGTERM');
    expect(cancel.endedBy(new Error('boom'))).toBe(true);
    expect(process.exitCode).toBe(143);
  });

  it('stops listening when disposed', () => {
    const before = CANCEL_SIGNALS.map((name) => process.listenerCount(name));
    cancel = cancelOnSignal({ cancelling: 'cancelling', again: 'quit' });
    expect(CANCEL_SIGNALS.map((name) => process.listenerCount(name))).toEqual(before.map((n) => n + 1));
    cancel.dispose();
    expect(CANCEL_SIGNALS.map((name) => process.listenerCount(name))).toEqual(before);
  });
});
