// @vitest-environment jsdom
// The grid's own rules: a panel per workload under one legend, panels mounted after the grid, and
// a panel not redrawn when the view re-renders with the same figures or new tooltip words. The
// panels' chart is replaced by a recorder here (jsdom has no layout for recharts to draw in; the
// Playwright flows draw and hover the real one).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BarFigure } from '../lib/grouped-bars';
import type { RatioWords } from './BarTooltip';

interface DrawnProps {
  figures: BarFigure[];
  testId: string;
  tooltipTestId?: string;
  legend?: boolean;
  ratioWords?: RatioWords;
}
const drawn: DrawnProps[] = [];

vi.mock('./GroupedBarChart', async (importOriginal) => {
  const original = await importOriginal<typeof import('./GroupedBarChart')>();
  return {
    ...original,
    GroupedBarChart: (props: DrawnProps) => {
      drawn.push(props);
      return <div data-testid={props.testId} />;
    },
  };
});

const { panelsOf, ResultsChartGrid, reusePanels } = await import('./ResultsChartGrid');

function figure(group: string, series: string, mean: number): BarFigure {
  return { group, groupLabel: group, series, seriesLabel: `${series} label`, mean, stddev: mean / 10 };
}

const FIGURES = [
  figure('small-file-read', 'host', 0.1),
  figure('small-file-read', 'bind', 0.2),
  figure('dd-write', 'host', 1),
  figure('dd-write', 'bind', 2),
  figure('dd-write', 'volume', 1.5),
  figure('git-status', 'bind', 0.3),
];

// Stable, as the view keeps them: a new set would be a new input to every panel.
const BASELINES = new Set(['host']);
const NONE_HIDDEN = new Set<string>();

function grid(figures: BarFigure[], ratioWords: RatioWords, onToggleSeries = vi.fn()) {
  return (
    <ResultsChartGrid
      figures={figures}
      logScale={false}
      yLabel="seconds per sample"
      baselineIds={BASELINES}
      hidden={NONE_HIDDEN}
      onToggleSeries={onToggleSeries}
      ratioWords={ratioWords}
      testId="results-chart"
    />
  );
}

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

describe('panelsOf', () => {
  it('splits the figures by workload, in the order they first appear, keeping each one', () => {
    const panels = panelsOf(FIGURES);
    expect(panels.map((p) => p.group)).toEqual(['small-file-read', 'dd-write', 'git-status']);
    expect(panels.map((p) => p.figures.map((f) => f.series))).toEqual([
      ['host', 'bind'],
      ['host', 'bind', 'volume'],
      ['bind'],
    ]);
  });
});

describe('reusePanels', () => {
  it('keeps each panel whose figures are equal, and the whole list when all are', () => {
    const before = panelsOf(FIGURES);
    expect(reusePanels(before, panelsOf(FIGURES.map((f) => ({ ...f }))))).toBe(before);
    const changed = panelsOf(FIGURES.map((f) => (f.group === 'git-status' ? { ...f, stddev: null } : f)));
    const after = reusePanels(before, changed);
    expect(after).not.toBe(before);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(changed[2]);
    // A workload gone is a panel gone.
    expect(reusePanels(before, before.slice(1))).toEqual(before.slice(1));
  });
});

describe('ResultsChartGrid', () => {
  it('draws one panel per workload under one legend of every backend, after its own commit', async () => {
    const onToggle = vi.fn();
    // How many panels had been drawn at each commit of the grid.
    const atCommit: number[] = [];
    render(
      <Profiler id="grid" onRender={() => atCommit.push(drawn.length)}>
        {grid(FIGURES, () => null, onToggle)}
      </Profiler>,
    );
    await waitFor(() => expect(screen.getByTestId('results-chart-git-status')).toBeTruthy());
    // Nothing drawn in the grid's own commit; then the panels, one commit each.
    expect(atCommit[0]).toBe(0);
    expect(atCommit.at(-1)).toBe(3);
    expect(atCommit.every((n, i) => i === 0 || n - atCommit[i - 1] <= 1)).toBe(true);
    expect(drawn.map((d) => d.testId)).toEqual([
      'results-chart-small-file-read',
      'results-chart-dd-write',
      'results-chart-git-status',
    ]);
    expect(drawn.every((d) => d.legend === false && d.tooltipTestId === 'results-chart')).toBe(true);
    const legend = screen.getAllByRole('button');
    expect(legend.map((b) => b.textContent)).toEqual(['host label', 'bind label', 'volume label']);
    fireEvent.click(screen.getByTestId('legend-volume'));
    expect(onToggle).toHaveBeenCalledWith('volume');
  });

  it('does not redraw a panel for equal figures or new tooltip words, and its tooltip reads the new words', async () => {
    const { rerender } = render(grid(FIGURES, () => 'old words'));
    await waitFor(() => expect(drawn).toHaveLength(3));
    // What the view does when the recommendation lands: the same figures rebuilt, new words.
    act(() =>
      rerender(
        grid(
          FIGURES.map((f) => ({ ...f })),
          () => 'new words',
        ),
      ),
    );
    expect(drawn).toHaveLength(3);
    expect(drawn[0].ratioWords?.('small-file-read', 'bind')).toBe('new words');
    // A figure that changes redraws its own panel only.
    const changed = FIGURES.map((f) =>
      f.group === 'dd-write' && f.series === 'bind' ? { ...f, mean: 3 } : f,
    );
    act(() => rerender(grid(changed, () => 'new words')));
    expect(drawn.slice(3).map((d) => d.testId)).toEqual(['results-chart-dd-write']);
  });
});
