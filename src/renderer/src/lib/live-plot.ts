// Where the live chart's points go on its canvas, and which point is under the pointer: pure
// geometry, so the canvas component only paints what this returns. Execution number runs left to
// right; time on a log axis bottom to top (the workloads of one run differ by orders of magnitude).
import type { LivePoint, LiveSeries } from './live-series';

export interface PlotBox {
  width: number;
  height: number;
  /** Room for the axes' labels, in CSS pixels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface PlottedPoint {
  px: number;
  py: number;
  /** Index into the series the point came from (its colour, shape and fill). */
  series: number;
  point: LivePoint;
}

export interface PlotScales {
  x(execution: number): number;
  y(seconds: number): number;
  xDomain: [number, number];
}

/** The executions the points span (one either side when there is a single one). */
export function executionDomain(series: readonly LiveSeries[]): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const line of series)
    for (const p of line.points) {
      if (p.x < low) low = p.x;
      if (p.x > high) high = p.x;
    }
  if (!Number.isFinite(low)) return [0, 1];
  return high > low ? [low, high] : [low - 1, high + 1];
}

export function plotScales(box: PlotBox, xDomain: [number, number], yDomain: [number, number]): PlotScales {
  const innerW = Math.max(1, box.width - box.left - box.right);
  const innerH = Math.max(1, box.height - box.top - box.bottom);
  const [x0, x1] = xDomain;
  const logLow = Math.log10(yDomain[0]);
  const logSpan = Math.log10(yDomain[1]) - logLow || 1;
  return {
    xDomain,
    x: (execution) => box.left + ((execution - x0) / (x1 - x0 || 1)) * innerW,
    // Times outside the domain (none, as the domain is built from them) are pinned to its edge.
    y: (seconds) => {
      const t = (Math.log10(Math.max(seconds, Number.MIN_VALUE)) - logLow) / logSpan;
      return box.top + (1 - Math.min(1, Math.max(0, t))) * innerH;
    },
  };
}

/** Every point in canvas pixels, in the order the series hold them (oldest first within each). */
export function plotPoints(series: readonly LiveSeries[], scales: PlotScales): PlottedPoint[] {
  const out: PlottedPoint[] = [];
  series.forEach((line, index) => {
    for (const point of line.points)
      out.push({ px: scales.x(point.x), py: scales.y(point.y), series: index, point });
  });
  return out;
}

/** The point nearest (x, y) within `radius` pixels, the newest on a tie; null when none is that close. */
export function nearestPoint(
  points: readonly PlottedPoint[],
  x: number,
  y: number,
  radius: number,
): PlottedPoint | null {
  let best: PlottedPoint | null = null;
  let bestDistance = radius * radius;
  for (const p of points) {
    const d = (p.px - x) ** 2 + (p.py - y) ** 2;
    if (d < bestDistance || (d === bestDistance && best !== null && p.point.x > best.point.x)) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}

/** The points in the order they landed (by execution), for stepping through them with the keyboard. */
export function byExecution(points: readonly PlottedPoint[]): PlottedPoint[] {
  return [...points].sort((a, b) => a.point.x - b.point.x || a.series - b.series);
}

/** Round execution numbers for the x axis: about `count` of them, on steps of 1, 2 or 5 × 10^n. */
export function executionTicks([low, high]: [number, number], count = 6): number[] {
  const span = high - low;
  if (span <= 0) return [Math.round(low)];
  const rough = span / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power * 10);
  const ticks: number[] = [];
  for (let t = Math.ceil(low / step) * step; t <= high + 1e-9; t += step) ticks.push(t);
  return ticks;
}
