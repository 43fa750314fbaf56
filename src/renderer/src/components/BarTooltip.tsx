// A bar's tooltip: its whole group (a workload, or a machine), fastest first as the table and the
// verdict list them, each bar as mean ± σ and, where the page knows it, its ratio to the fastest
// with the interval; the hovered bar in bold.
import { formatMeanStddev } from '../../../shared/format-time';
import type { BarFigure, BarSlot } from '../lib/grouped-bars';

export type RatioWords = (group: string, series: string) => string | null;

interface Props {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  figures: readonly BarFigure[];
  ratioWords?: RatioWords;
  testId: string;
}

function hoveredSlot(payload: Props['payload']): BarSlot | null {
  const p = payload?.[0]?.payload;
  if (typeof p !== 'object' || p === null || !('slot' in p) || !('group' in p)) return null;
  return p as BarSlot;
}

export function BarTooltip({ active, payload, figures, ratioWords, testId }: Props) {
  const slot = hoveredSlot(payload);
  if (!active || !slot?.group) return null;
  const group = figures.filter((f) => f.group === slot.group).sort((a, b) => a.mean - b.mean);
  if (group.length === 0) return null;
  return (
    <div className="chart-tooltip" data-testid={`${testId}-tooltip`}>
      <p className="tooltip-title">{group[0].groupLabel} · fastest first</p>
      <table>
        <tbody>
          {group.map((f) => {
            const ratio = ratioWords?.(f.group, f.series) ?? null;
            return (
              <tr key={f.series} className={f.series === slot.series ? 'hovered' : undefined}>
                <th scope="row">{f.seriesLabel}</th>
                <td className="num">{formatMeanStddev(f.mean, f.stddev)}</td>
                {ratioWords && <td>{ratio ?? ''}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
