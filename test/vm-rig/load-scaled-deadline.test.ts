import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadScaledDeadline } from './load-scaled-deadline';

afterEach(() => vi.useRealTimers());

describe('LoadScaledDeadline', () => {
  it('spends its budget at wall pace while the load is at most the cores', () => {
    vi.useFakeTimers({ now: 0 });
    const deadline = new LoadScaledDeadline(10_000, () => 1.5, 2);
    vi.setSystemTime(9_000);
    expect(deadline.expired()).toBe(false);
    vi.setSystemTime(10_000);
    expect(deadline.expired()).toBe(true);
  });

  it('at four times the cores’ load, takes four times as long', () => {
    vi.useFakeTimers({ now: 0 });
    let load = 8;
    const deadline = new LoadScaledDeadline(10_000, () => load, 2);
    vi.setSystemTime(39_000);
    expect(deadline.expired()).toBe(false);
    vi.setSystemTime(40_000);
    expect(deadline.expired()).toBe(true);
    // Each stretch counts at the load seen at its end: a quiet spell spends at full pace again.
    const later = new LoadScaledDeadline(10_000, () => load, 2);
    load = 2;
    vi.setSystemTime(50_000);
    expect(later.expired()).toBe(true);
    expect(later.describe()).toBe("10 s at full pace (10 s of wall time at this machine's load)");
  });
});
