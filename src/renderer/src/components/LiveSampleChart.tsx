// Samples as they land: execution number against seconds on a log axis (the workloads of one run
// differ by orders of magnitude), one colour per backend, warm-ups in grey. The latest samples are
// listed in a table beside it.
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../../shared/format-time';
import { seriesColor, useChartColors } from '../hooks/use-chart-colors';
import { useElementWidth } from '../hooks/use-element-width';
import { logDomain, logTicks, tickTime } from '../lib/log-axis';
import type { BackendProgress, LiveSample } from '../lib/run-progress';
import { workloadCaseWords } from '../lib/size-words';

const TABLE_ROWS = 8;

interface Props {
  samples: LiveSample[];
  backends: BackendProgress[];
  titles: ReadonlyMap<string, string>;
}

export function LiveSampleChart({ samples, backends, titles }: Props) {
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const domain = logDomain(samples.map((s) => s.seconds));
  const label = new Map(backends.map((b) => [b.id, b.label]));
  const warmups = samples.filter((s) => s.warmup).map((s) => ({ x: s.execution, y: s.seconds }));
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
              <Tooltip formatter={(v) => (typeof v === 'number' ? formatTime(v) : String(v))} />
              {backends.map((b, i) => (
                <Scatter
                  key={b.id}
                  name={b.label}
                  data={samples
                    .filter((s) => s.backendId === b.id && !s.warmup)
                    .map((s) => ({ x: s.execution, y: s.seconds }))}
                  fill={seriesColor(colors, i, b.id === 'host')}
                  isAnimationActive={false}
                />
              ))}
              <Scatter
                name="warm-up"
                data={warmups}
                fill={colors.grid}
                stroke={colors.baseline}
                isAnimationActive={false}
              />
            </ScatterChart>
          )}
          {samples.length === 0 && (
            <p className="note">The first sample comes after the fixtures are laid.</p>
          )}
          <ul className="legend" aria-label="Series">
            {backends.map((b, i) => (
              <li key={b.id} className="legend-item">
                <span
                  className="swatch round"
                  style={{ background: seriesColor(colors, i, b.id === 'host') }}
                  aria-hidden="true"
                />
                {b.label}
              </li>
            ))}
            <li className="legend-item">
              <span
                className="swatch round hollow"
                style={{ borderColor: colors.baseline }}
                aria-hidden="true"
              />
              warm-up
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
}
