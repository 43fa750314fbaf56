// Samples as they land: execution number against seconds on a log axis (the workloads of one run
// differ by orders of magnitude). Colour says the backend (the host in the baseline grey), shape
// the workload, a hollow marker a warm-up; hovering a point names it. The latest samples are
// listed in a table beside it. Drawn at most MAX_DRAWN_SAMPLES markers (older ones thinned) and
// only when its samples change: the run view re-rendering thousands of SVG markers per event kept
// the page's main thread busy for most of a run.
import { memo, useMemo } from 'react';
import { CartesianGrid, Scatter, ScatterChart, Symbols, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../../shared/format-time';
import { useChartColors } from '../hooks/use-chart-colors';
import { backendColor } from '../lib/backend-palette';
import { useElementWidth } from '../hooks/use-element-width';
import { drawnSamples, liveSeries, liveWorkloads, type MarkerShape } from '../lib/live-series';
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

export const LiveSampleChart = memo(function LiveSampleChart({ samples, backends, titles }: Props) {
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const { domain, label, series, workloads, drawn } = useMemo(() => {
    const drawn = drawnSamples(samples);
    return {
      drawn: drawn.length,
      domain: logDomain(samples.map((s) => s.seconds)),
      label: new Map(backends.map((b) => [b.id, b.label])),
      series: liveSeries(drawn, backends, titles),
      workloads: liveWorkloads(samples, titles),
    };
  }, [samples, backends, titles]);
  return (
    <section className="card" aria-label="Samples">
      <h2>Samples as they land</h2>
      <div className="chart-and-table">
        <div ref={box} className="chart-box" data-testid="run-live-chart">
          {width > 0 && samples.length > 0 && (
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
          )}
          {samples.length === 0 && (
            <p className="note">The first sample comes after the fixtures are laid.</p>
          )}
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
            {samples
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
