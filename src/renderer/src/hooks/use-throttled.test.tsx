// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottled } from './use-throttled';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useThrottled', () => {
  it('shows the first value at once, then at most one change per interval, the latest winning', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 500), {
      initialProps: { value: 1 },
    });
    expect(result.current).toBe(1);
    // A burst of updates inside one interval: none shows until it ends, then only the last.
    for (const value of [2, 3, 4]) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(4);
    // The next change waits for the next interval.
    rerender({ value: 5 });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe(4);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(5);
  });

  it('lets through a few values a second however many arrive: 100 over a second give three', () => {
    const shown: number[] = [];
    const { rerender } = renderHook(
      ({ value }) => {
        const current = useThrottled(value, 500);
        if (shown.at(-1) !== current) shown.push(current);
        return current;
      },
      { initialProps: { value: 0 } },
    );
    for (let i = 1; i <= 100; i++) {
      rerender({ value: i });
      act(() => vi.advanceTimersByTime(10));
    }
    act(() => vi.advanceTimersByTime(500));
    // The first at once, one at 500 ms, and the last when its wait ends: never one per update.
    expect(shown).toEqual([0, 50, 100]);
  });
});
