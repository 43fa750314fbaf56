// The results chart as small multiples: one panel per workload, each on its own axis, under one
// legend. One recharts chart of every workload was drawn in a single task of 140 to 290 ms at a run's
// end (recharts' store re-renders all its bars at once when the chart mounts, whatever React is
// asked), which is how long a click could wait just as the answer appears. Each panel mounts in a
// commit of its own (AfterCommit), so the work is split into tasks input can come between; a panel
// holds its place before it is drawn, so nothing below it moves. Its own axis also keeps a 20-ms
// workload readable beside a 20-s one, which one linear axis did not.
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useChartColors } from '../hooks/use-chart-colors';
import { backendColor } from '../lib/backend-palette';
import { groupedBars, type BarFigure } from '../lib/grouped-bars';
import { AfterCommit } from './AfterCommit';
import { GroupedBarChart, SeriesLegend } from './GroupedBarChart';
import type { RatioWords } from './BarTooltip';

/**
 * A panel, re-rendered only when its own inputs change: a store update at a run's end (the
 * recommendation, the clean-up's copy of the run) would otherwise redraw every panel in one commit,
 * the single long task this grid exists to avoid.
 */
const Panel = memo(GroupedBarChart);

/** A panel's chart height, px: the placeholder holds the same. */
const PANEL_HEIGHT = 220;

interface Props {
  figures: BarFigure[];
  logScale: boolean;
  yLabel: string;
  baselineIds: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  onToggleSeries: (id: string) => void;
  ratioWords?: RatioWords;
  /** The whole grid's test id; a panel's is `<testId>-<group>`, and every tooltip `<testId>-tooltip`. */
  testId: string;
  /** The commit after which the first panel mounts; panel i mounts `i` commits later. */
  firstCommit?: number;
}

/** Figures split by group (workload), in first-seen order. */
export function panelsOf(figures: readonly BarFigure[]): { group: string; figures: BarFigure[] }[] {
  const panels = new Map<string, BarFigure[]>();
  for (const f of figures) panels.set(f.group, [...(panels.get(f.group) ?? []), f]);
  return [...panels].map(([group, list]) => ({ group, figures: list }));
}

type PanelFigures = ReturnType<typeof panelsOf>[number];

/**
 * The current panels, each one the previous panel's own object where its figures are equal: the
 * view rebuilds the figures on every render, and a panel whose input is new is redrawn.
 */
export function reusePanels(
  previous: readonly PanelFigures[],
  current: PanelFigures[],
): readonly PanelFigures[] {
  const before = new Map(previous.map((p) => [p.group, p]));
  const next = current.map((p) => {
    const kept = before.get(p.group);
    return kept && JSON.stringify(kept.figures) === JSON.stringify(p.figures) ? kept : p;
  });
  const same = next.length === previous.length && next.every((p, i) => p === previous[i]);
  return same ? previous : next;
}

/** `reusePanels` over renders, kept in state (React's pattern for what a render keeps from the last). */
function useStablePanels(figures: readonly BarFigure[]): readonly PanelFigures[] {
  const [kept, setKept] = useState<readonly PanelFigures[]>(() => panelsOf(figures));
  const next = reusePanels(kept, panelsOf(figures));
  if (next !== kept) setKept(next);
  return next;
}

export function ResultsChartGrid(props: Props) {
  const { figures, logScale, yLabel, baselineIds, hidden, onToggleSeries, ratioWords, testId } = props;
  const firstCommit = props.firstCommit ?? 1;
  const colors = useChartColors();
  const panels = useStablePanels(figures);
  // The tooltip reads the newest words when it is shown; the panels keep one function, so the
  // recommendation arriving does not redraw them.
  const ratioRef = useRef(ratioWords);
  useLayoutEffect(() => {
    ratioRef.current = ratioWords;
  }, [ratioWords]);
  const stableRatioWords = useCallback<RatioWords>(
    (group, series) => ratioRef.current?.(group, series) ?? null,
    [],
  );
  // Series from every panel, so the legend names each backend once and in one order.
  const { series } = groupedBars(figures);
  const colorOf = (id: string) => backendColor(colors, id, baselineIds.has(id));
  return (
    <div className="chart-grid-wrap" data-testid={testId}>
      <SeriesLegend series={series} colorOf={colorOf} hidden={hidden} onToggleSeries={onToggleSeries} />
      <div className="chart-grid">
        {panels.map((panel, i) => (
          <div key={panel.group} className="chart-panel" style={{ minHeight: PANEL_HEIGHT }}>
            <AfterCommit commits={firstCommit + i}>
              <Panel
                figures={panel.figures}
                logScale={logScale}
                yLabel={yLabel}
                baselineIds={baselineIds}
                hidden={hidden}
                testId={`${testId}-${panel.group}`}
                tooltipTestId={testId}
                height={PANEL_HEIGHT}
                ratioWords={ratioWords && stableRatioWords}
                legend={false}
              />
            </AfterCommit>
          </div>
        ))}
      </div>
    </div>
  );
}
