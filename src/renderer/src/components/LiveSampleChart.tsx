// Samples as they land: execution number against seconds on a log axis (the workloads of one run
// differ by orders of magnitude). Colour says the backend (the host in the baseline grey), shape
// the workload, a hollow marker a warm-up; hovering a point names it. The latest samples are
// listed in a table beside it. Drawn at most MAX_DRAWN_SAMPLES markers (older ones thinned) and
// only when its samples change: the run view re-rendering thousands of SVG markers per event kept
// the page's main thread busy for most of a run.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { CartesianGrid, Scatter, ScatterChart, Symbols, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../../shared/format-time';
import { useChartColors, type ChartColors } from '../hooks/use-chart-colors';
import { backendColor } from '../lib/backend-palette';
import { useElementWidth } from '../hooks/use-element-width';
import {
  drawnSamples,
  liveSeries,
  liveWorkloads,
  type LiveSeries,
  type MarkerShape,
} from '../lib/live-series';
import { logDomain, logTicks, tickTime } from '../lib/log-axis';
import type { BackendProgress, LiveSample } from '../lib/run-progress';
import { workloadCaseWords } from '../lib/size-words';
import { LiveSampleTooltip } from './LiveSampleTooltip';

const TABLE_ROWS = 8;

interface Props {
  samples: LiveSample[];
  backends: BackendProgress[];
  titles: ReadonlyMap<string, string>;
}

/** The SVG chart redraws at most this often; the table beside it follows every update. */
const CHART_REDRAW_MS = 1000;

/** `value`, changed at most once per `ms` (the latest always shows, at the end of the wait). */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    const show = () => {
      last.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}

export const LiveSampleChart = memo(function LiveSampleChart({ samples: latest, backends, titles }: Props) {
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const samples = useThrottled(latest, CHART_REDRAW_MS);
  // Backends change state on every update; the chart needs only their ids and labels.
  const backendNames = backends.map((b) => `${b.id}\u0000${b.label}`).join('\n');
  // Keyed by the names, not the array (new on every update).
  const named = useMemo(() => backends, [backendNames]);
  const label = useMemo(() => new Map(named.map((b) => [b.id, b.label])), [named]);
  const { domain, series, workloads, drawn } = useMemo(() => {
    const drawn = drawnSamples(samples);
    return {
      drawn: drawn.length,
      domain: logDomain(samples.map((s) => s.seconds)),
      series: liveSeries(drawn, named, titles),
      workloads: liveWorkloads(samples, titles),
    };
  }, [samples, named, titles]);
  return (
    <section className="card" aria-label="Samples">
      <h2>Samples as they land</h2>
      <div className="chart-and-table">
        <div ref={box} className="chart-box" data-testid="run-live-chart">
          {width > 0 && samples.length > 0 && (
            <SampleScatter series={series} domain={domain} width={width} colors={colors} />
          )}
          {latest.length === 0 && <p className="note">The first sample comes after the fixtures are laid.</p>}
          {drawn < samples.length && (
            <p className="note" data-testid="run-live-thinned">
              Showing {drawn} of {samples.length} samples: the newest all, older ones thinned.
            </p>
          )}
          <ul className="legend" aria-label="Series">
            {backends.map((b) => (
              <li key={b.id} className="legend-item">
                <span
                  className="swatch round"
                  style={{ background: backendColor(colors, b.id, b.id === 'host') }}
                  aria-hidden="true"
                />
                {b.label}
              </li>
            ))}
            {workloads.map((w) => (
              <li key={w.key} className="legend-item" data-testid={`run-live-shape-${w.key}`}>
                <MarkerGlyph shape={w.shape} color={colors.text} hollow={false} />
                {w.words}
              </li>
            ))}
            <li className="legend-item">
              <MarkerGlyph shape="circle" color={colors.text} hollow />
              warm-up (hollow)
            </li>
          </ul>
        </div>
        <table className="figures compact" data-testid="run-live-table">
          <caption>Latest samples</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Backend</th>
              <th scope="col">Workload</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {latest
              .slice(-TABLE_ROWS)
              .reverse()
              .map((s) => (
                <tr key={s.execution}>
                  <td>{s.execution}</td>
                  <td>{label.get(s.backendId) ?? s.backendId}</td>
                  <td>
                    {workloadCaseWords(s.workloadId, s.workloadCase, titles)}
                    {s.warmup && ' (warm-up)'}
                  </td>
                  <td className="num">{formatTime(s.seconds)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});

/** The SVG itself, redrawn only when its series change (not when a backend's state does). */
const SampleScatter = memo(function SampleScatter({
  series,
  domain,
  width,
  colors,
}: {
  series: LiveSeries[];
  domain: [number, number];
  width: number;
  colors: ChartColors;
}) {
  return (
    <ScatterChart width={width} height={260} margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
      <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
      <XAxis
        type="number"
        dataKey="x"
        name="execution"
        domain={['dataMin', 'dataMax']}
        allowDecimals={false}
        tick={{ fill: colors.text, fontSize: 12 }}
        label={{
          value: 'execution',
          position: 'insideBottom',
          offset: -12,
          fill: colors.text,
          fontSize: 12,
        }}
      />
      <YAxis
        type="number"
        dataKey="y"
        name="time"
        scale="log"
        domain={domain}
        ticks={logTicks(domain)}
        allowDataOverflow
        tickFormatter={tickTime}
        tick={{ fill: colors.text, fontSize: 12 }}
        width={72}
      />
      <Tooltip content={<LiveSampleTooltip />} isAnimationActive={false} />
      {series.map((line) => {
        const color = backendColor(colors, line.backendId, line.isHost);
        return (
          <Scatter
            key={line.key}
            data={line.points}
            shape={line.shape}
            // Warm-ups hollow, in their backend's colour: told apart from the grey host.
            fill={line.warmup ? 'none' : color}
            stroke={color}
            strokeWidth={line.warmup ? 1.5 : 0}
            isAnimationActive={false}
          />
        );
      })}
    </ScatterChart>
  );
});

function MarkerGlyph({ shape, color, hollow }: { shape: MarkerShape; color: string; hollow: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <Symbols
        type={shape}
        size={70}
        cx={7}
        cy={7}
        fill={hollow ? 'none' : color}
        stroke={color}
        strokeWidth={hollow ? 1.5 : 0}
      />
    </svg>
  );
}
