// Where a bar chart's group labels sit against their bars, read from the drawn SVG: every label
// should be centred on the bars between it and its neighbours (lib/grouped-bars.ts leaves no
// empty slot for a backend a group lacks).
import type { Locator } from '@playwright/test';

export interface LabelledGroup {
  label: string;
  /** The label's horizontal centre, in page pixels. */
  labelX: number;
  /** The centres of the bars that fall under it. */
  barsX: number[];
}

const centre = (box: { x: number; width: number }) => box.x + box.width / 2;

export async function labelledGroups(chart: Locator): Promise<LabelledGroup[]> {
  const labels: { label: string; x: number }[] = [];
  for (const text of await chart.locator('.recharts-xAxis-tick-labels text').all()) {
    const box = await text.boundingBox();
    const label = ((await text.textContent()) ?? '').trim();
    if (box && label) labels.push({ label, x: centre(box) });
  }
  const bars: number[] = [];
  for (const bar of await chart.locator('path.recharts-rectangle').all()) {
    const box = await bar.boundingBox();
    if (box && box.width > 0) bars.push(centre(box));
  }
  labels.sort((a, b) => a.x - b.x);
  // Each bar belongs to the label it is nearest to.
  return labels.map((l, i) => ({
    label: l.label,
    labelX: l.x,
    barsX: bars.filter((x) => {
      const nearest = labels.reduce(
        (best, m, k) => (Math.abs(m.x - x) < Math.abs(labels[best].x - x) ? k : best),
        0,
      );
      return nearest === i;
    }),
  }));
}

/** How far each label is from the middle of its bars, in pixels. */
export function offCentre(group: LabelledGroup): number {
  if (group.barsX.length === 0) return Infinity;
  const middle = (Math.min(...group.barsX) + Math.max(...group.barsX)) / 2;
  return Math.abs(group.labelX - middle);
}

const UNITS: Record<string, number> = { s: 1, ms: 1e-3, µs: 1e-6, ns: 1e-9 };

/** The means of a bar tooltip's rows ("1.234 s ± 0.010 s"), in seconds, in the order shown. */
export async function secondsInTooltip(tooltip: Locator): Promise<number[]> {
  const out: number[] = [];
  for (const row of await tooltip.locator('tr').all()) {
    const text = (await row.locator('td').first().textContent()) ?? '';
    const m = /^([\d.]+) (s|ms|µs|ns) ± /.exec(text);
    if (!m) throw new Error(`no "mean ± σ" in the tooltip row: ${text}`);
    out.push(Number(m[1]) * UNITS[m[2]]);
  }
  return out;
}
