// The data of a grouped bar chart from flat figures, for both the results view (group = workload,
// series = backend) and the compare view (group = machine, series = backend). Every bar is a slot
// of its own on the x axis, and a group holds only the bars it has: a machine that lacks a backend
// gets no empty slot, so its bars stay together under its label (recharts' own grouping reserves a
// slot for every series in every group, which pushes bars off their labels). A spacer slot
// separates groups.
export interface BarFigure {
  group: string;
  groupLabel: string;
  series: string;
  seriesLabel: string;
  mean: number;
  stddev: number | null;
}

export interface BarSeries {
  id: string;
  label: string;
}

export interface BarSlot {
  /** Unique per slot: recharts' category. */
  slot: string;
  /** Null for the spacer between groups. */
  group: string | null;
  series: string | null;
  mean: number | null;
  /** [below, above] for recharts' ErrorBar; see `whiskers`. */
  err: [number, number] | null;
}

export interface BarGroup {
  group: string;
  label: string;
  /** Index of its first slot. */
  first: number;
  /** How many bars it has (visible ones). */
  count: number;
}

export interface GroupedBars {
  series: BarSeries[];
  groups: BarGroup[];
  slots: BarSlot[];
}

/**
 * ±σ, except that a time cannot go below zero, and on a log axis (which has no zero) the lower
 * whisker stops at a tenth of the mean.
 */
function whiskers(mean: number, stddev: number | null, logScale: boolean): [number, number] | null {
  if (stddev === null) return null;
  return [Math.min(stddev, logScale ? mean * 0.9 : mean), stddev];
}

/** The lowest and highest points a chart draws: bar tops and whisker ends. */
export function barExtent(figures: readonly BarFigure[], logScale: boolean): number[] {
  return figures.flatMap((f) => {
    const [below, above] = whiskers(f.mean, f.stddev, logScale) ?? [0, 0];
    return [f.mean, f.mean + above, f.mean - below];
  });
}

/**
 * Series in first-seen order (hidden ones too, so toggling one never changes another's colour);
 * groups in first-seen order, each with its visible bars in series order.
 */
export function groupedBars(
  figures: readonly BarFigure[],
  logScale = false,
  hidden: ReadonlySet<string> = new Set(),
): GroupedBars {
  const series: BarSeries[] = [];
  for (const f of figures)
    if (!series.some((s) => s.id === f.series)) series.push({ id: f.series, label: f.seriesLabel });
  const order = (id: string) => series.findIndex((s) => s.id === id);
  const groups: BarGroup[] = [];
  const slots: BarSlot[] = [];
  const groupIds = [...new Set(figures.map((f) => f.group))];
  for (const id of groupIds) {
    const bars = figures
      .filter((f) => f.group === id && !hidden.has(f.series))
      .sort((a, b) => order(a.series) - order(b.series));
    if (bars.length === 0) continue;
    if (slots.length > 0)
      slots.push({ slot: `gap:${groups.length}`, group: null, series: null, mean: null, err: null });
    const label = figures.find((f) => f.group === id)?.groupLabel ?? id;
    groups.push({ group: id, label, first: slots.length, count: bars.length });
    for (const f of bars) {
      slots.push({
        slot: `${id}\u0000${f.series}`,
        group: id,
        series: f.series,
        mean: f.mean,
        err: whiskers(f.mean, f.stddev, logScale),
      });
    }
  }
  return { series, groups, slots };
}
