// Grouped bars with ±σ whiskers on a linear or log axis, shared by the results and compare views.
// Each bar is its own slot and a group holds only its bars (lib/grouped-bars.ts), so bars sit on
// their group's label even where a group lacks a series; the label is drawn once, centred under
// its bars. The legend is ours, not recharts': buttons that hide and show a series, named in the
// product's words, which also read well in a screenshot.
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, Text, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors } from '../hooks/use-chart-colors';
import { backendColor } from '../lib/backend-palette';
import { useElementWidth } from '../hooks/use-element-width';
import { barExtent, groupedBars, type BarFigure, type BarGroup } from '../lib/grouped-bars';
import { logDomain, logTicks, tickTime } from '../lib/log-axis';
import { verticalAxisLabel } from '../lib/axis-label';
import { BarTooltip, type RatioWords } from './BarTooltip';

const MARGIN = { top: 8, right: 16, bottom: 8, left: 16 };
const Y_AXIS_WIDTH = 76;
const X_AXIS_HEIGHT = 40;

interface Props {
  figures: BarFigure[];
  logScale: boolean;
  yLabel: string;
  /** Series ids drawn grey: the host baseline. */
  baselineIds?: ReadonlySet<string>;
  /** Series ids hidden from the bars (still in the legend, to bring them back). */
  hidden?: ReadonlySet<string>;
  onToggleSeries?: (id: string) => void;
  testId: string;
  height?: number;
  /** A marker drawn on the chart itself, e.g. that its bars were taken at different sizes. */
  badge?: string | null;
  /** A bar's ratio to the fastest of its group, for the tooltip. */
  ratioWords?: RatioWords;
  /** Draw the series legend under the chart (off where several charts share one). */
  legend?: boolean;
  /** What the tooltip's test id (`<id>-tooltip`) is built from, where not the chart's own. */
  tooltipTestId?: string;
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { index?: number };
}

/** The group's label, drawn at its first bar's tick and moved to the middle of its bars. */
function groupTick(groups: readonly BarGroup[], band: number, fill: string) {
  return function GroupTick({ x, y, payload }: TickProps) {
    const group = groups.find((g) => g.first === payload?.index);
    if (!group) return <g />;
    return (
      <Text
        x={Number(x) + ((group.count - 1) / 2) * band}
        y={Number(y)}
        width={Math.max(band * group.count, 60)}
        textAnchor="middle"
        verticalAnchor="start"
        fill={fill}
        fontSize={12}
      >
        {group.label}
      </Text>
    );
  };
}

export function GroupedBarChart(props: Props) {
  const {
    figures,
    logScale,
    yLabel,
    baselineIds,
    hidden,
    onToggleSeries,
    testId,
    height = 300,
    badge,
    ratioWords,
    legend = true,
    tooltipTestId = testId,
  } = props;
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const visible = figures.filter((f) => !hidden?.has(f.series));
  const { series, groups, slots } = groupedBars(figures, logScale, hidden);
  // Keyed by the backend (lib/backend-palette.ts): the same colour in every chart and view.
  const colorOf = (id: string) => backendColor(colors, id, baselineIds?.has(id) ?? false);
  const domain = logDomain(barExtent(visible, true));
  // recharts' category axis splits the plot width evenly between the slots, with no padding.
  const band = (width - MARGIN.left - MARGIN.right - Y_AXIS_WIDTH) / Math.max(slots.length, 1);

  return (
    <div className="grouped-chart" data-testid={testId}>
      <div ref={box} className="chart-box">
        {badge && (
          <span className="size-badge chart-badge" data-testid={`${testId}-badge`}>
            {badge}
          </span>
        )}
        {width > 0 && visible.length > 0 && (
          <BarChart width={width} height={height} data={slots} margin={MARGIN} barCategoryGap="8%">
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="slot"
              interval={0}
              height={X_AXIS_HEIGHT}
              tickLine={false}
              tick={groupTick(groups, band, colors.text)}
            />
            <YAxis
              scale={logScale ? 'log' : 'linear'}
              domain={logScale ? domain : [0, 'auto']}
              ticks={logScale ? logTicks(domain) : undefined}
              allowDataOverflow={logScale}
              tickFormatter={tickTime}
              tick={{ fill: colors.text, fontSize: 12 }}
              width={Y_AXIS_WIDTH}
              // The axis says when it is logarithmic: a picture must not hide it.
              label={verticalAxisLabel(logScale ? `${yLabel} · log scale` : yLabel, colors)}
            />
            <Tooltip
              content={<BarTooltip figures={visible} ratioWords={ratioWords} testId={tooltipTestId} />}
              cursor={{ fill: colors.grid, fillOpacity: 0.35 }}
              isAnimationActive={false}
              // Over the panels beside it, and free to leave its own: a results panel is narrow.
              allowEscapeViewBox={{ x: true, y: true }}
              wrapperStyle={{ zIndex: 5 }}
            />
            <Bar dataKey="mean" isAnimationActive={false}>
              {slots.map((s) => (
                <Cell key={s.slot} fill={s.series ? colorOf(s.series) : 'none'} />
              ))}
              <ErrorBar
                dataKey="err"
                width={4}
                strokeWidth={1.5}
                stroke={colors.whisker}
                direction="y"
                isAnimationActive={false}
              />
            </Bar>
          </BarChart>
        )}
      </div>
      {legend && (
        <SeriesLegend series={series} colorOf={colorOf} hidden={hidden} onToggleSeries={onToggleSeries} />
      )}
    </div>
  );
}

interface LegendProps {
  series: readonly { id: string; label: string }[];
  colorOf: (id: string) => string;
  hidden?: ReadonlySet<string>;
  onToggleSeries?: (id: string) => void;
}

/** The series, as buttons that hide and show each where the chart allows it. */
export function SeriesLegend({ series, colorOf, hidden, onToggleSeries }: LegendProps) {
  return (
    <ul className="legend" aria-label="Series">
      {series.map((s) => {
        const off = hidden?.has(s.id) ?? false;
        const swatch = <span className="swatch" style={{ background: colorOf(s.id) }} aria-hidden="true" />;
        return (
          // A hidden series stays in the legend to be brought back, but not in a picture.
          <li key={s.id} data-no-export={off ? 'true' : undefined}>
            {onToggleSeries ? (
              <button
                type="button"
                className={`legend-item ${off ? 'off' : ''}`}
                aria-pressed={!off}
                onClick={() => onToggleSeries(s.id)}
                data-testid={`legend-${s.id}`}
                title={off ? 'Show in the chart' : 'Hide from the chart'}
              >
                {swatch}
                {s.label}
              </button>
            ) : (
              <span className="legend-item">
                {swatch}
                {s.label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
