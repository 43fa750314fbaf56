// What a point of the live chart is, in words: the backend, the workload, which sample (warm-ups
// counted apart), the execution it landed at, and its time. recharts hands the hovered point's
// own datum in `payload`; anything else there is ignored.
import { formatTime } from '../../../shared/format-time';
import type { LivePoint } from '../lib/live-series';

interface Props {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
}

function isLivePoint(x: unknown): x is LivePoint {
  return typeof x === 'object' && x !== null && 'backend' in x && 'sample' in x && 'y' in x;
}

export function LiveSampleTooltip({ active, payload }: Props) {
  const point = payload?.[0]?.payload;
  if (!active || !isLivePoint(point)) return null;
  return (
    <div className="chart-tooltip" data-testid="run-live-tooltip">
      <p className="tooltip-title">{point.backend}</p>
      <p>{point.workload}</p>
      <p>
        {point.warmup ? `warm-up ${point.sample}` : `sample ${point.sample}`} · execution {point.x}
      </p>
      <p className="num">{formatTime(point.y)}</p>
    </div>
  );
}
