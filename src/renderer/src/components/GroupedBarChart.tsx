// Grouped bars with ±σ whiskers on a linear or log axis, shared by the results and compare views.
// The legend is ours, not recharts': buttons that hide and show a series, named in the product's
// words, which also read well in a screenshot.
import { Bar, BarChart, CartesianGrid, ErrorBar, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../../shared/format-time';
import { seriesColor, useChartColors } from '../hooks/use-chart-colors';
import { useElementWidth } from '../hooks/use-element-width';
import { barExtent, errorKey, groupedBars, type BarFigure } from '../lib/grouped-bars';
import { logDomain, logTicks, tickTime } from '../lib/log-axis';

interface Props {
  figures: BarFigure[];
  logScale: boolean;
  yLabel: string;
  /**
   * Every series id of the page in one order, so a backend keeps its colour from chart to chart
   * (compare view); default: the order of this chart's figures.
   */
  colorOrder?: readonly string[];
  /** Series ids drawn grey: the host baseline. */
  baselineIds?: ReadonlySet<string>;
  /** Series ids hidden from the bars (still in the legend, to bring them back). */
  hidden?: ReadonlySet<string>;
  onToggleSeries?: (id: string) => void;
  testId: string;
  height?: number;
  /** A marker drawn on the chart itself, e.g. that its bars were taken at different sizes. */
  badge?: string | null;
}

export function GroupedBarChart(props: Props) {
  const {
    figures,
    logScale,
    yLabel,
    colorOrder,
    baselineIds,
    hidden,
    onToggleSeries,
    testId,
    height = 300,
    badge,
  } = props;
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const visible = figures.filter((f) => !hidden?.has(f.series));
  const { series, data } = groupedBars(figures, logScale, hidden);
  const order = colorOrder ?? series.map((s) => s.id);
  const colorOf = (id: string) => seriesColor(colors, order.indexOf(id), baselineIds?.has(id) ?? false);
  const domain = logDomain(barExtent(visible, true));

  return (
    <div className="grouped-chart" data-testid={testId}>
      <div ref={box} className="chart-box">
        {badge && (
          <span className="size-badge chart-badge" data-testid={`${testId}-badge`}>
            {badge}
          </span>
        )}
        {width > 0 && visible.length > 0 && (
          <BarChart
            width={width}
            height={height}
            data={data}
            margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
            barCategoryGap="18%"
          >
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval={0} tick={{ fill: colors.text, fontSize: 12 }} />
            <YAxis
              scale={logScale ? 'log' : 'linear'}
              domain={logScale ? domain : [0, 'auto']}
              ticks={logScale ? logTicks(domain) : undefined}
              allowDataOverflow={logScale}
              tickFormatter={tickTime}
              tick={{ fill: colors.text, fontSize: 12 }}
              width={76}
              label={{
                // The axis says when it is logarithmic: a picture must not hide it.
                value: logScale ? `${yLabel} · log scale` : yLabel,
                angle: -90,
                position: 'insideLeft',
                offset: -8,
                fill: colors.text,
                fontSize: 12,
                style: { textAnchor: 'middle' },
              }}
            />
            <Tooltip formatter={(v) => (typeof v === 'number' ? formatTime(v) : String(v))} />
            {series
              .filter((s) => !hidden?.has(s.id))
              .map((s) => (
                <Bar key={s.id} dataKey={s.key} name={s.label} fill={colorOf(s.id)} isAnimationActive={false}>
                  <ErrorBar
                    dataKey={errorKey(s.key)}
                    width={4}
                    strokeWidth={1.5}
                    stroke={colors.whisker}
                    direction="y"
                    isAnimationActive={false}
                  />
                </Bar>
              ))}
          </BarChart>
        )}
      </div>
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
    </div>
  );
}
