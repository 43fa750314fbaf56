// @vitest-environment jsdom
// The warm-up chart: drawn out of sight in stages, one per idle period, then gone from the page.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartWarmup } from './ChartWarmup';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** One idle period: jsdom has no requestIdleCallback, so the component waits on a timer. */
async function idle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(250);
  });
}

describe('ChartWarmup', () => {
  it('draws nothing at first, then a hidden chart that grows a stage per idle period, then nothing', async () => {
    render(<ChartWarmup />);
    expect(screen.queryByTestId('chart-warmup')).toBeNull();
    const stages: { hidden: string | null; axes: number; whiskers: number }[] = [];
    for (let i = 0; i < 4; i++) {
      await idle();
      const box = screen.getByTestId('chart-warmup');
      stages.push({
        hidden: box.getAttribute('aria-hidden'),
        axes: box.querySelectorAll('.recharts-cartesian-axis').length,
        whiskers: box.querySelectorAll('.recharts-errorBars, .recharts-errorBar').length,
      });
    }
    expect(stages.every((s) => s.hidden === 'true')).toBe(true);
    // The axes come with the second stage, the whiskers with the third.
    expect(stages.map((s) => s.axes > 0)).toEqual([false, true, true, true]);
    expect(stages.map((s) => s.whiskers > 0)).toEqual([false, false, true, true]);
    await idle();
    expect(screen.queryByTestId('chart-warmup')).toBeNull();
    // And it stays gone.
    await idle();
    await idle();
    expect(screen.queryByTestId('chart-warmup')).toBeNull();
  });
});
