// The live chart's plot, painted on a canvas: one paint per update, whatever the number of points,
// where an SVG of hundreds of recharts markers was laid out by React and the browser on every
// redraw and on every mount (each return to the Run tab), and kept the page's main thread busy
// through a run. Hovering a point, or stepping through the points with the arrow keys once the
// chart has focus, names it in the same tooltip as before (LiveSampleTooltip).
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ChartColors } from '../hooks/use-chart-colors';
import { backendColor } from '../lib/backend-palette';
import {
  byExecution,
  executionDomain,
  executionTicks,
  nearestPoint,
  plotPoints,
  plotScales,
  type PlotBox,
  type PlottedPoint,
  type PlotScales,
} from '../lib/live-plot';
import type { LiveSeries } from '../lib/live-series';
import { logTicks, tickTime } from '../lib/log-axis';
import { markerPath } from '../lib/marker-paths';
import { LiveSampleTooltip } from './LiveSampleTooltip';

const HEIGHT = 260;
/** About the area of recharts' default scatter symbol (64 px²), which the chart used to draw. */
const MARKER_RADIUS = 4.5;
/** How near the pointer must be to a point to name it, in CSS pixels. */
const HOVER_RADIUS = 10;
const MARGINS = { left: 80, right: 16, top: 8, bottom: 36 };

interface Props {
  series: LiveSeries[];
  domain: [number, number];
  width: number;
  colors: ChartColors;
}

const keyOf = (p: PlottedPoint, series: readonly LiveSeries[]) => `${series[p.series]?.key}|${p.point.x}`;

export const LiveSampleCanvas = memo(function LiveSampleCanvas({ series, domain, width, colors }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box: PlotBox = useMemo(() => ({ width, height: HEIGHT, ...MARGINS }), [width]);
  const scales = useMemo(() => plotScales(box, executionDomain(series), domain), [box, series, domain]);
  const points = useMemo(() => plotPoints(series, scales), [series, scales]);
  const ordered = useMemo(() => byExecution(points), [points]);
  // The named point, by its series and execution, so it stays named across updates while drawn.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const focused = focusKey === null ? null : (points.find((p) => keyOf(p, series) === focusKey) ?? null);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    paint(element, context, { box, scales, series, points, colors, focused, domain });
  }, [box, scales, series, points, colors, focused, domain]);

  const onMouseMove = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const hit = nearestPoint(points, event.clientX - rect.left, event.clientY - rect.top, HOVER_RADIUS);
    const key = hit ? keyOf(hit, series) : null;
    if (key !== focusKey) setFocusKey(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (ordered.length === 0) return;
    const at = focused ? ordered.indexOf(focused) : -1;
    const go: Record<string, number | null> = {
      ArrowRight: Math.min(ordered.length - 1, at + 1),
      ArrowLeft: at < 0 ? ordered.length - 1 : Math.max(0, at - 1),
      Home: 0,
      End: ordered.length - 1,
      Escape: null,
    };
    if (!(event.key in go)) return;
    event.preventDefault();
    const index = go[event.key];
    setFocusKey(index === null ? null : keyOf(ordered[index], series));
  };

  const warmups = points.filter((p) => series[p.series]?.warmup).length;
  return (
    <div className="live-canvas">
      <canvas
        ref={canvas}
        // The backing store's size is paint()'s to set (in device pixels); this is the CSS size.
        style={{ width: `${width}px`, height: `${HEIGHT}px` }}
        role="img"
        tabIndex={0}
        aria-label={`Samples plotted: ${points.length} points, execution number against time on a log scale. Arrow keys name one; the table lists the latest.`}
        data-testid="run-live-canvas"
        data-drawn={points.length}
        data-warmups={warmups}
        onMouseMove={onMouseMove}
        onMouseLeave={() => setFocusKey(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setFocusKey(null)}
      />
      {focused && (
        <div
          className="live-canvas-tooltip"
          // Beside the point, flipped to its left on the right half so it stays inside the chart.
          style={{
            top: `${Math.max(0, focused.py - 30)}px`,
            ...(focused.px > width / 2
              ? { right: `${width - focused.px + 12}px` }
              : { left: `${focused.px + 12}px` }),
          }}
        >
          <LiveSampleTooltip active payload={[{ payload: focused.point }]} />
        </div>
      )}
    </div>
  );
});

interface Scene {
  box: PlotBox;
  scales: PlotScales;
  series: readonly LiveSeries[];
  points: readonly PlottedPoint[];
  colors: ChartColors;
  focused: PlottedPoint | null;
  domain: [number, number];
}

/** One paint of the whole plot: grid and axes, then every marker, then the named point's ring. */
function paint(element: HTMLCanvasElement, g: CanvasRenderingContext2D, scene: Scene) {
  const { box, scales, series, points, colors, focused, domain } = scene;
  // Sharp on high-density screens: the backing store in device pixels, drawing in CSS pixels.
  const ratio = window.devicePixelRatio || 1;
  if (element.width !== Math.round(box.width * ratio)) element.width = Math.round(box.width * ratio);
  if (element.height !== Math.round(box.height * ratio)) element.height = Math.round(box.height * ratio);
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, box.width, box.height);

  const right = box.width - box.right;
  const bottom = box.height - box.bottom;
  g.font = '12px system-ui, sans-serif';
  g.fillStyle = colors.text;
  g.strokeStyle = colors.grid;
  g.lineWidth = 1;
  g.setLineDash([3, 3]);
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  for (const tick of logTicks(domain)) {
    const y = Math.round(scales.y(tick)) + 0.5;
    line(g, box.left, y, right, y);
    g.fillText(tickTime(tick), box.left - 8, y);
  }
  g.textAlign = 'center';
  g.textBaseline = 'top';
  for (const tick of executionTicks(scales.xDomain)) {
    const x = Math.round(scales.x(tick)) + 0.5;
    line(g, x, box.top, x, bottom);
    g.fillText(String(tick), x, bottom + 6);
  }
  g.setLineDash([]);
  g.fillText('execution', box.left + (right - box.left) / 2, bottom + 21);

  for (const p of points) {
    const s = series[p.series];
    const color = backendColor(colors, s.backendId, s.isHost);
    const marker = new Path2D(markerPath(s.shape, p.px, p.py, MARKER_RADIUS));
    // Warm-ups hollow, in their backend's colour: told apart from the grey host.
    if (s.warmup) {
      g.strokeStyle = color;
      g.lineWidth = 1.5;
      g.stroke(marker);
    } else {
      g.fillStyle = color;
      g.fill(marker);
    }
  }
  if (focused) {
    g.strokeStyle = colors.whisker;
    g.lineWidth = 1.5;
    g.beginPath();
    g.arc(focused.px, focused.py, MARKER_RADIUS + 3, 0, 2 * Math.PI);
    g.stroke();
  }
}

function line(g: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number) {
  g.beginPath();
  g.moveTo(x0, y0);
  g.lineTo(x1, y1);
  g.stroke();
}
