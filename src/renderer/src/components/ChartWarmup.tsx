// Draws one small chart out of sight while the page is idle after it starts, then removes it. The
// first recharts chart a page draws costs about three times what the next ones do (its code run
// for the first time, its text-measuring set up): drawn cold at a run's end, Results' first panel
// took one task about as long as the whole old chart; after any chart had been drawn, each panel
// took a third of that (bench/results-mount.ts, docs/benchmarks.md). Paying that once while
// nothing else is going on keeps it away from the moment the answer appears. It is drawn in
// stages, one per idle period, so no one of them is a long task itself.
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, Tooltip, XAxis, YAxis } from 'recharts';
import { tickTime } from '../lib/log-axis';

const DATA = [
  { slot: 'a', mean: 0.12, err: [0.01, 0.01] },
  { slot: 'b', mean: 1.5, err: [0.2, 0.2] },
];
/** Stages drawn one after another; 0 draws nothing yet, and past the last it is removed. */
const STAGES = 4;
/** An idle period is waited for at most this long, ms, so a busy page still warms up. */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 200);
  return () => clearTimeout(id);
}

export function ChartWarmup() {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage > STAGES) return;
    return whenIdle(() => setStage(stage + 1));
  }, [stage]);
  if (stage === 0 || stage > STAGES) return null;
  return (
    <div className="chart-warmup" aria-hidden="true" data-testid="chart-warmup">
      <BarChart width={240} height={160} data={DATA}>
        {stage >= 2 && <CartesianGrid strokeDasharray="3 3" vertical={false} />}
        {stage >= 2 && <XAxis dataKey="slot" interval={0} />}
        {stage >= 2 && <YAxis scale="linear" domain={[0, 'auto']} tickFormatter={tickTime} width={76} />}
        {stage >= 4 && <Tooltip isAnimationActive={false} />}
        <Bar dataKey="mean" isAnimationActive={false}>
          {DATA.map((d) => (
            <Cell key={d.slot} fill="#888" />
          ))}
          {stage >= 3 && <ErrorBar dataKey="err" width={4} direction="y" isAnimationActive={false} />}
        </Bar>
      </BarChart>
    </div>
  );
}
