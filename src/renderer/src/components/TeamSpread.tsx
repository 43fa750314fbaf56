// One workload on one backend across the team: a dot per machine in each group (chip family or
// product version), with the quartiles and the median marked, never one bar; and the five numbers
// of each group in a table, which is also what a screen reader and a test read.
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTime } from '../../../shared/format-time';
import type { SpreadGroup, WorkloadSpread } from '../../../shared/team-view';
import { useChartColors } from '../hooks/use-chart-colors';
import { useElementWidth } from '../hooks/use-element-width';
import { backendColor } from '../lib/backend-palette';
import { tickTime } from '../lib/log-axis';
import type { TeamGrouping } from '../stores/team-store';
import { verticalAxisLabel } from '../lib/axis-label';

interface MarkProps {
  cx?: number;
  cy?: number;
  payload?: { mark: 'median' | 'quartile' };
}

/** A horizontal tick across the strip: wide for the median, narrow for a quartile. */
function QuartileMark({ cx = 0, cy = 0, payload }: MarkProps) {
  const half = payload?.mark === 'median' ? 16 : 9;
  return (
    <line
      x1={cx - half}
      x2={cx + half}
      y1={cy}
      y2={cy}
      stroke="currentColor"
      strokeWidth={payload?.mark === 'median' ? 3 : 1.5}
    />
  );
}

/** A machine's dot: a plain circle, far cheaper to draw by the hundred than recharts' own symbol. */
function MachineDot({ cx = 0, cy = 0, fill }: { cx?: number; cy?: number; fill?: string }) {
  return <circle cx={cx} cy={cy} r={4} fill={fill} fillOpacity={0.7} />;
}

function groupsOf(spread: WorkloadSpread, grouping: TeamGrouping): SpreadGroup[] {
  return grouping === 'chip' ? spread.byChipFamily : spread.byProductVersion;
}

export function TeamSpread({
  spread,
  grouping,
  testId,
}: {
  spread: WorkloadSpread;
  grouping: TeamGrouping;
  testId: string;
}) {
  const colors = useChartColors();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const groups = groupsOf(spread, grouping);
  const dots = groups.flatMap((g) =>
    g.points.map((p) => ({ group: g.key, seconds: p.seconds, machineId: p.machineId })),
  );
  const marks = groups.flatMap((g) => [
    { group: g.key, seconds: g.distribution.q1, mark: 'quartile' as const },
    { group: g.key, seconds: g.distribution.median, mark: 'median' as const },
    { group: g.key, seconds: g.distribution.q3, mark: 'quartile' as const },
  ]);
  const color = backendColor(colors, spread.backendKey, spread.role === null);
  return (
    <div className="team-spread" data-testid={testId}>
      <h4>{spread.backendLabel}</h4>
      <div ref={box} className="chart-box" style={{ color: colors.whisker }}>
        {width > 0 && (
          <ScatterChart width={width} height={220} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="group"
              type="category"
              allowDuplicatedCategory={false}
              tick={{ fill: colors.text, fontSize: 12 }}
            />
            <YAxis
              dataKey="seconds"
              type="number"
              domain={[0, 'auto']}
              tickFormatter={tickTime}
              tick={{ fill: colors.text, fontSize: 12 }}
              width={76}
              label={verticalAxisLabel('time per operation', colors)}
            />
            <Tooltip
              isAnimationActive={false}
              formatter={(value) => (typeof value === 'number' ? formatTime(value) : String(value))}
            />
            <Scatter
              name="machines"
              data={dots}
              fill={color}
              shape={<MachineDot />}
              isAnimationActive={false}
            />
            <Scatter name="quartiles" data={marks} shape={<QuartileMark />} isAnimationActive={false} />
          </ScatterChart>
        )}
      </div>
      <table className="team-spread-table" data-testid={`${testId}-table`}>
        <caption className="visually-hidden">
          {spread.backendLabel}: {spread.workloadKey} ({spread.size}), per{' '}
          {grouping === 'chip' ? 'chip family' : 'product version'}
        </caption>
        <thead>
          <tr>
            <th scope="col">{grouping === 'chip' ? 'Chip family' : 'Product version'}</th>
            <th scope="col">Machines</th>
            <th scope="col">Min</th>
            <th scope="col">Q1</th>
            <th scope="col">Median</th>
            <th scope="col">Q3</th>
            <th scope="col">Max</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key} data-testid={`${testId}-group`} data-group={g.key}>
              <th scope="row">{g.key}</th>
              <td>{g.distribution.n}</td>
              <td>{formatTime(g.distribution.min)}</td>
              <td>{formatTime(g.distribution.q1)}</td>
              <td>{formatTime(g.distribution.median)}</td>
              <td>{formatTime(g.distribution.q3)}</td>
              <td>{formatTime(g.distribution.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
