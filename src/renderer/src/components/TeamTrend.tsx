// One product, backend and workload over the product's releases: a line per machine measured on
// more than one release (x = release, y = time per operation, each point's 95 % interval as an
// error bar), the points where release-changes flagged a regression or an improvement marked on the
// line; and every point with its interval in a table, which is also what a screen reader and a
// test read.
import { CartesianGrid, ErrorBar, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../../shared/format-time';
import type { TeamMachine, TeamTrend as TeamTrendData, TrendPoint } from '../../../shared/team-view';
import { useChartColors } from '../hooks/use-chart-colors';
import { useElementWidth } from '../hooks/use-element-width';
import { tickTime } from '../lib/log-axis';
import { machineName, releaseOwner } from '../lib/team-words';
import { verticalAxisLabel } from '../lib/axis-label';

/** A short name for the legend: the chip and the end of the machine id, enough to tell two apart. */
function lineName(machine: TeamMachine | undefined, machineId: string): string {
  const tail = machineId.slice(-4);
  return machine ? `${machine.chip} ·${tail}` : machineId;
}

interface DotProps {
  cx?: number;
  cy?: number;
  stroke?: string;
  payload?: Record<string, unknown>;
  dataKey?: unknown;
}

/** A plain dot, or a triangle where a change was flagged: up for a regression, down for an improvement. */
function TrendDot({ cx, cy, stroke, payload, dataKey }: DotProps) {
  if (cx === undefined || cy === undefined || !payload || typeof dataKey !== 'string') return null;
  const flag = payload[`${dataKey}:flag`];
  if (flag === 'regression' || flag === 'improvement') {
    const s = 7;
    const points =
      flag === 'regression'
        ? `${cx},${cy - s} ${cx - s},${cy + s * 0.8} ${cx + s},${cy + s * 0.8}`
        : `${cx},${cy + s} ${cx - s},${cy - s * 0.8} ${cx + s},${cy - s * 0.8}`;
    return (
      <polygon points={points} fill={stroke} stroke="currentColor" strokeWidth={1} data-trend-flag={flag} />
    );
  }
  return <circle cx={cx} cy={cy} r={3} fill={stroke} />;
}

function intervalWords(p: TrendPoint): string {
  return p.low === null || p.high === null ? '' : ` (${formatTime(p.low)} … ${formatTime(p.high)})`;
}

const FLAG_WORDS = { regression: '▲ regression', improvement: '▼ improvement' } as const;

export function TeamTrend({
  trend,
  machines,
  testId,
}: {
  trend: TeamTrendData;
  machines: ReadonlyMap<string, TeamMachine>;
  testId: string;
}) {
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  // One row per release; each machine's figure under its own key (and its flag beside it).
  const rows = trend.versions.map((version) => {
    const row: Record<string, unknown> = { version };
    trend.lines.forEach((line, i) => {
      const p = line.points.find((q) => q.version === version);
      if (!p) return;
      row[`m${i}`] = p.seconds;
      row[`m${i}:flag`] = p.flag;
      // ErrorBar takes the distances below and above the point.
      if (p.low !== null && p.high !== null) row[`m${i}:interval`] = [p.seconds - p.low, p.high - p.seconds];
    });
    return row;
  });
  const flagged = trend.lines.flatMap((l) => l.points).filter((p) => p.flag !== null).length;
  return (
    <div className="team-trend" data-testid={testId}>
      <h4>
        {trend.backendLabel} <span className="note">({trend.provider})</span>
      </h4>
      <div ref={box} className="chart-box" style={{ color: colors.whisker }}>
        {width > 0 && (
          <LineChart
            width={width}
            height={240}
            data={rows}
            margin={{ top: 12, right: 16, bottom: 8, left: 16 }}
          >
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="version" type="category" tick={{ fill: colors.text, fontSize: 12 }} />
            <YAxis
              type="number"
              domain={['auto', 'auto']}
              tickFormatter={tickTime}
              tick={{ fill: colors.text, fontSize: 12 }}
              width={76}
              label={verticalAxisLabel('time per operation', colors)}
            />
            <Tooltip
              isAnimationActive={false}
              formatter={(value) => (typeof value === 'number' ? formatTime(value) : String(value))}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {trend.lines.map((line, i) => (
              <Line
                key={line.machineId}
                dataKey={`m${i}`}
                name={lineName(machines.get(line.machineId), line.machineId)}
                stroke={colors.series[i % colors.series.length]}
                strokeWidth={2}
                dot={<TrendDot />}
                connectNulls
                isAnimationActive={false}
              >
                <ErrorBar
                  dataKey={`m${i}:interval`}
                  width={4}
                  stroke={colors.series[i % colors.series.length]}
                  isAnimationActive={false}
                />
              </Line>
            ))}
          </LineChart>
        )}
      </div>
      <table className="team-spread-table team-trend-table" data-testid={`${testId}-table`}>
        <caption className="visually-hidden">
          {trend.backendLabel} on {trend.provider}: {trend.workloadKey} ({trend.size}) per release, each
          machine’s mean time per operation with its 95 % interval
          {flagged > 0 ? `; ${flagged} flagged ${flagged === 1 ? 'change' : 'changes'}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Machine</th>
            {trend.versions.map((v) => (
              <th key={v} scope="col">
                {releaseOwner(trend.provider, trend.versionSource)} {v}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {trend.lines.map((line) => (
            <tr key={line.machineId} data-testid={`${testId}-line`} data-machine={line.machineId}>
              <th scope="row">{machineName(machines.get(line.machineId), line.machineId)}</th>
              {trend.versions.map((v) => {
                const p = line.points.find((q) => q.version === v);
                return (
                  <td key={v} data-version={v} data-flag={p?.flag ?? undefined}>
                    {p ? `${formatTime(p.seconds)}${intervalWords(p)}` : '—'}
                    {p?.flag && <strong> {FLAG_WORDS[p.flag]}</strong>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {trend.machinesLeftOut > 0 && (
        <p className="note" data-testid={`${testId}-left-out`}>
          {trend.machinesLeftOut} more {trend.machinesLeftOut === 1 ? 'machine' : 'machines'} measured on
          several releases not drawn, to keep the chart readable (the flagged ones are always drawn).
        </p>
      )}
    </div>
  );
}
