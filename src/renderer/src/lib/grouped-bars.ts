// The data of a grouped bar chart (recharts wants one object per x category with one key per
// series) from flat figures, for both the results view (x = workload, series = backend) and the
// compare view (x = machine, series = backend). Each series gets a stable key (`s0`, `s1`…) because
// backend labels contain characters recharts' dataKey paths would misread ("·", ".", "/").
export interface BarFigure {
  group: string;
  groupLabel: string;
  series: string;
  seriesLabel: string;
  mean: number;
  stddev: number | null;
}

export interface BarSeries {
  key: string;
  id: string;
  label: string;
}

export type BarDatum = { group: string; label: string } & Record<
  string,
  number | string | [number, number] | null
>;

export interface GroupedBars {
  series: BarSeries[];
  data: BarDatum[];
}

/**
 * `errorKey(s)` holds [below, above] for recharts' ErrorBar: ±σ, except that a time cannot go below
 * zero, and on a log axis (which has no zero) the lower whisker stops at a tenth of the mean.
 */
export function errorKey(seriesKey: string): string {
  return `${seriesKey}Err`;
}

/** The lowest and highest points a chart draws: bar tops and whisker ends. */
export function barExtent(figures: readonly BarFigure[], logScale: boolean): number[] {
  return figures.flatMap((f) => {
    const sd = f.stddev ?? 0;
    return [f.mean, f.mean + sd, f.mean - Math.min(sd, logScale ? f.mean * 0.9 : f.mean)];
  });
}

/**
 * Hidden series keep their key and colour (so toggling one never renumbers the others) but get no
 * values.
 */
export function groupedBars(
  figures: readonly BarFigure[],
  logScale = false,
  hidden: ReadonlySet<string> = new Set(),
): GroupedBars {
  const series: BarSeries[] = [];
  const data: BarDatum[] = [];
  for (const f of figures) {
    let s = series.find((x) => x.id === f.series);
    if (!s) {
      s = { key: `s${series.length}`, id: f.series, label: f.seriesLabel };
      series.push(s);
    }
    let d = data.find((x) => x.group === f.group);
    if (!d) {
      d = { group: f.group, label: f.groupLabel };
      data.push(d);
    }
    if (hidden.has(f.series)) continue;
    d[s.key] = f.mean;
    if (f.stddev !== null) {
      const below = Math.min(f.stddev, logScale ? f.mean * 0.9 : f.mean);
      d[errorKey(s.key)] = [below, f.stddev];
    }
  }
  return { series, data };
}
