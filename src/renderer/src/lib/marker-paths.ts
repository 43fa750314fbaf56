// The live chart's marker shapes as SVG path data, one function for both places they are drawn:
// the legend's glyphs (an SVG <path>) and the chart itself (a canvas Path2D of the same string),
// so a shape in the legend is exactly the shape on the chart. Each shape fills about the same area
// as a circle of radius `r`, as recharts' symbols did, so no workload looks bigger than another.
import type { MarkerShape } from './live-series';

const n = (v: number) => Number(v.toFixed(2));

function polygon(points: readonly (readonly [number, number])[]): string {
  return `${points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)},${n(y)}`).join('')}Z`;
}

/** A regular polygon (or star, with an inner radius) around cx, cy, its first vertex straight up. */
function around(cx: number, cy: number, radii: readonly number[], corners: number): string {
  const steps = corners * radii.length;
  const points: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / steps;
    const radius = radii[i % radii.length];
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  return polygon(points);
}

export function markerPath(shape: MarkerShape, cx: number, cy: number, r: number): string {
  switch (shape) {
    case 'circle':
      return `M${n(cx - r)},${n(cy)}A${n(r)},${n(r)} 0 1 0 ${n(cx + r)},${n(cy)}A${n(r)},${n(r)} 0 1 0 ${n(cx - r)},${n(cy)}Z`;
    case 'triangle':
      return around(cx, cy + r * 0.2, [r * 1.45], 3);
    case 'square': {
      const h = r * 0.89;
      return polygon([
        [cx - h, cy - h],
        [cx + h, cy - h],
        [cx + h, cy + h],
        [cx - h, cy + h],
      ]);
    }
    case 'diamond':
      return polygon([
        [cx, cy - r * 1.3],
        [cx + r * 0.85, cy],
        [cx, cy + r * 1.3],
        [cx - r * 0.85, cy],
      ]);
    case 'cross': {
      const a = r * 0.38;
      const b = r * 1.15;
      return polygon([
        [cx - a, cy - b],
        [cx + a, cy - b],
        [cx + a, cy - a],
        [cx + b, cy - a],
        [cx + b, cy + a],
        [cx + a, cy + a],
        [cx + a, cy + b],
        [cx - a, cy + b],
        [cx - a, cy + a],
        [cx - b, cy + a],
        [cx - b, cy - a],
        [cx - a, cy - a],
      ]);
    }
    case 'star':
      return around(cx, cy, [r * 1.4, r * 0.56], 5);
    case 'wye':
      return around(cx, cy, [r * 1.3, r * 0.45], 3);
  }
}
