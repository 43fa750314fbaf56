// Samples as they land: execution number against seconds on a log axis (the workloads of one run
// differ by orders of magnitude). Colour says the backend (the host in the baseline grey), shape
// the workload, a hollow marker a warm-up; hovering a point names it. The latest samples are
// listed in a table beside it. At most MAX_DRAWN_SAMPLES markers (older ones thinned), painted on a
// canvas (LiveSampleCanvas) at most twice a second: the run view re-rendering thousands of SVG
// markers per event, then hundreds once a second, kept the page's main thread busy through a run.
import { memo, useMemo } from 'react';
import { formatTime } from '../../../shared/format-time';
import { useChartColors } from '../hooks/use-chart-colors';
import { useElementWidth } from '../hooks/use-element-width';
import { useThrottled } from '../hooks/use-throttled';
import { backendColor } from '../lib/backend-palette';
import { drawnSamples, liveSeries, liveWorkloads, type MarkerShape } from '../lib/live-series';
import { logDomain } from '../lib/log-axis';
import { markerPath } from '../lib/marker-paths';
import type { BackendProgress, LiveSample } from '../lib/run-progress';
import { workloadCaseWords } from '../lib/size-words';
import { LiveSampleCanvas } from './LiveSampleCanvas';

const TABLE_ROWS = 8;

interface Props {
  samples: LiveSample[];
  backends: BackendProgress[];
  titles: ReadonlyMap<string, string>;
}

/** The plot repaints at most this often; the table beside it follows every update (4 a second). */
const CHART_REDRAW_MS = 500;

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
            <LiveSampleCanvas series={series} domain={domain} width={width} colors={colors} />
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

function MarkerGlyph({ shape, color, hollow }: { shape: MarkerShape; color: string; hollow: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path
        d={markerPath(shape, 7, 7, 4.5)}
        fill={hollow ? 'none' : color}
        stroke={color}
        strokeWidth={hollow ? 1.5 : 0}
      />
    </svg>
  );
}
