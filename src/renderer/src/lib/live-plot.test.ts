import { describe, expect, it } from 'vitest';
import {
  byExecution,
  executionDomain,
  executionTicks,
  nearestPoint,
  plotPoints,
  plotScales,
  type PlotBox,
} from './live-plot';
import type { LivePoint, LiveSeries } from './live-series';
import { MARKER_SHAPES } from './live-series';
import { markerPath } from './marker-paths';

const box: PlotBox = { width: 500, height: 260, left: 80, right: 20, top: 10, bottom: 50 };

function point(x: number, y: number): LivePoint {
  return { x, y, backend: 'bind mount', workload: 'dd write', warmup: false, sample: x };
}

function line(key: string, points: LivePoint[], warmup = false): LiveSeries {
  return {
    key,
    backendId: key,
    isHost: false,
    workloadKey: 'dd-write',
    shape: 'circle',
    warmup,
    points,
  };
}

describe('plotScales', () => {
  it('puts the first execution at the left edge, the last at the right, and times on a log axis', () => {
    const scales = plotScales(box, [1, 11], [0.001, 1]);
    expect(scales.x(1)).toBe(80);
    expect(scales.x(11)).toBe(480);
    expect(scales.x(6)).toBe(280);
    // 1 ms at the bottom of the plot, 1 s at the top, 31.6 ms (10^-1.5) half-way.
    expect(scales.y(0.001)).toBeCloseTo(210);
    expect(scales.y(1)).toBeCloseTo(10);
    expect(scales.y(10 ** -1.5)).toBeCloseTo(110);
  });

  it('pins a time outside the domain to its edge instead of drawing it off the chart', () => {
    const scales = plotScales(box, [1, 2], [0.01, 1]);
    expect(scales.y(100)).toBeCloseTo(10);
    expect(scales.y(0)).toBeCloseTo(210);
  });
});

describe('executionDomain', () => {
  it('spans the points, and one either side of a single execution', () => {
    expect(executionDomain([line('a', [point(3, 1), point(9, 1)]), line('b', [point(5, 1)])])).toEqual([
      3, 9,
    ]);
    expect(executionDomain([line('a', [point(4, 1)])])).toEqual([3, 5]);
    expect(executionDomain([])).toEqual([0, 1]);
  });
});

describe('nearestPoint', () => {
  const series = [line('a', [point(1, 0.01), point(2, 0.1)]), line('b', [point(3, 0.1)])];
  const points = plotPoints(series, plotScales(box, executionDomain(series), [0.001, 1]));

  it('names the point under the pointer, with its series', () => {
    const second = points[1];
    const hit = nearestPoint(points, second.px + 2, second.py - 3, 10);
    expect(hit?.point.x).toBe(2);
    expect(hit?.series).toBe(0);
    const third = nearestPoint(points, points[2].px, points[2].py, 10);
    expect(third?.series).toBe(1);
  });

  it('names nothing when the pointer is farther than the radius from every point', () => {
    expect(nearestPoint(points, points[0].px + 30, points[0].py, 10)).toBeNull();
  });

  it('prefers the newest of two points drawn on the same spot', () => {
    const twin = [line('a', [point(5, 0.1)]), line('b', [point(5, 0.1)])];
    const drawn = plotPoints(twin, plotScales(box, [1, 9], [0.01, 1]));
    drawn[1] = { ...drawn[1], point: { ...drawn[1].point, x: 6 } };
    expect(nearestPoint(drawn, drawn[0].px, drawn[0].py, 10)?.point.x).toBe(6);
  });
});

describe('byExecution', () => {
  it('orders the points as they landed, across series, for the arrow keys', () => {
    const series = [line('a', [point(1, 1), point(4, 1)]), line('b', [point(2, 1), point(3, 1)])];
    const ordered = byExecution(plotPoints(series, plotScales(box, [1, 4], [0.1, 10])));
    expect(ordered.map((p) => p.point.x)).toEqual([1, 2, 3, 4]);
  });
});

describe('executionTicks', () => {
  it('gives round steps inside the domain', () => {
    expect(executionTicks([1, 100])).toEqual([20, 40, 60, 80, 100]);
    expect(executionTicks([3, 9])).toEqual([4, 6, 8]);
    expect(executionTicks([0, 1000], 6)).toEqual([0, 200, 400, 600, 800, 1000]);
  });

  it('never steps below one execution', () => {
    expect(executionTicks([1, 2])).toEqual([1, 2]);
  });
});

describe('markerPath', () => {
  it('draws every workload shape differently, closed, around its centre', () => {
    const paths = MARKER_SHAPES.map((shape) => markerPath(shape, 7, 7, 4.5));
    expect(new Set(paths).size).toBe(MARKER_SHAPES.length);
    for (const d of paths) {
      expect(d.startsWith('M')).toBe(true);
      expect(d.endsWith('Z')).toBe(true);
      const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
      // Coordinates (and the circle's radii and flags) stay inside a 14 px glyph.
      expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...numbers)).toBeLessThanOrEqual(14);
    }
  });
});
