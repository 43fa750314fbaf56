// What a share card says, as plain data: one image sized for a chat window that carries its own
// context (machine, engine and setting, the verdict, the figures, and where they come from). Built
// here from a run or a comparison, drawn by share-card-draw.ts; kept apart so it can be tested
// without a canvas.
import type { ComparisonRow } from '../../../shared/comparison';
import type { RunFile } from '../../../shared/result-schema';
import { perOpSpread } from '../../../shared/per-op';
import {
  groupByMachine,
  quickBesidePublished,
  rowSize,
  shortMachineName,
  timePerWords,
} from './compare-data';
import { machineLine, PRODUCT_NAMES } from './machine-words';
import { countsLine, isoDate } from './run-provenance';
import { resultsByWorkload } from './result-figures';
import { workloadCaseWords, workloadKeyWords } from './size-words';
import type { Verdict } from './verdict';
import { slowerOnSentence } from '../../../shared/verdict-words';
import { servingCpuWords } from '../../../shared/serving-words';

export interface CardRow {
  label: string;
  /** A second, quieter line under the label: the machine, in a comparison. */
  sub: string | null;
  /** Series id: a backend keeps its colour across panels. */
  series: string;
  mean: number;
  stddev: number | null;
  baseline: boolean;
  /** Said on the bar itself: "quick size" where sizes are mixed. */
  badge: string | null;
  /** The second figure, beside the time: what the host's serving processes spent ("… host CPU"). */
  hostCost: string | null;
}

export interface CardPanel {
  title: string;
  rows: CardRow[];
}

export interface CardModel {
  title: string;
  subtitle: string;
  verdict: { text: string; state: Verdict['state'] | 'info' };
  panels: CardPanel[];
  /** Panels left out for room, said on the card. */
  more: number;
  /** What the bars and whiskers are. */
  legend: string;
  /** Where the figures come from: preset, runs, size, ISO date, Mountbench version. */
  provenance: string;
}

/** Six panels at most: beyond that, a chat-sized picture stops being readable. */
export const MAX_PANELS = 6;

export function runCardModel(
  run: RunFile,
  verdict: Verdict,
  titles: ReadonlyMap<string, string>,
  appVersion: string,
): CardModel {
  const engine = run.engine
    ? `${PRODUCT_NAMES[run.engine.provider]} ${run.engine.serverVersion} (${run.engine.os}, ${run.engine.arch})`
    : 'host baseline only (no engine)';
  const panels = resultsByWorkload(run.results).map(([, list]) => ({
    title: workloadCaseWords(list[0].workload.id, list[0].workload.case, titles),
    rows: list.map((r) => ({
      label: r.backend.label,
      sub: null,
      series: r.backend.id,
      mean: r.stats.mean,
      stddev: r.stats.stddev,
      baseline: r.backend.mount === 'host',
      badge: null,
      hostCost: servingCpuWords(r),
    })),
  }));
  const hostCost = run.results.some((r) => servingCpuWords(r) !== null);
  return {
    title: machineLine(run.machine),
    subtitle: `${engine} · backends: ${[...new Set(run.results.map((r) => r.backend.label))].join(', ')}`,
    verdict: {
      text: [
        verdict.sentence,
        slowerOnSentence(verdict.slowerOn, (key) => workloadKeyWords(key, titles)),
        ...verdict.otherRoles,
      ]
        .filter(Boolean)
        .join(' · '),
      state: verdict.state,
    },
    panels: panels.slice(0, MAX_PANELS),
    more: Math.max(0, panels.length - MAX_PANELS),
    // The bars are each run's whole time (a batched workload's too): time per run.
    legend: [
      'time per run, lower is faster · bar: mean · whiskers: ±1 σ · linear scale from 0',
      hostCost ? "host CPU: what the share's host processes (its daemon, the engine's VM) spent a run" : null,
    ]
      .filter(Boolean)
      .join(' · '),
    provenance: [
      countsLine(run),
      `run ${isoDate(run.createdAt)}`,
      `Mountbench ${run.app.version}`,
      appVersion !== run.app.version ? `card by Mountbench ${appVersion}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

/** "Small-file read: M1 Pro (2021) · Docker Desktop · VirtioFS · volume; dd write: …". */
function fastestWords(panels: readonly CardPanel[]): string {
  return panels
    .map((p) => {
      const best = p.rows
        .filter((r) => !r.baseline)
        .reduce<CardRow | null>((a, r) => (a && a.mean <= r.mean ? a : r), null);
      return best ? `${p.title.split(' · ')[0]}: ${best.sub ? `${best.sub} · ` : ''}${best.label}` : null;
    })
    .filter(Boolean)
    .join('; ');
}

export function compareCardModel(
  rows: readonly ComparisonRow[],
  titles: ReadonlyMap<string, string>,
  appVersion: string,
  today: string,
): CardModel {
  const machines = groupByMachine(rows);
  const names = new Map(machines.map((g) => [g.key, shortMachineName(g)]));
  const groupKeyOf = new Map<ComparisonRow, string>();
  for (const g of machines) for (const r of g.rows) groupKeyOf.set(r, g.key);
  const mixed = new Set(quickBesidePublished(rows).map((w) => w.key));
  const byWorkload = new Map<string, ComparisonRow[]>();
  for (const r of rows) byWorkload.set(r.workload.key, [...(byWorkload.get(r.workload.key) ?? []), r]);
  const panels: CardPanel[] = [...byWorkload].map(([key, list]) => {
    const sizes = new Set(list.map(rowSize));
    const first = list[0];
    return {
      title: `${workloadCaseWords(first.workload.id, first.workload.case, titles)} · ${[...sizes].join(' + ')} size${mixed.has(key) ? ' (not comparable)' : ''}`,
      rows: list.map((r) => {
        const { mean, stddev } = perOpSpread(r);
        return {
          label: r.backend.label,
          sub: names.get(groupKeyOf.get(r) ?? '') ?? r.machine.label,
          series: r.backend.key,
          mean,
          stddev,
          baseline: r.backend.mount === 'host',
          // Where sizes mix, the bars not at the default (published) size carry the mark.
          badge: sizes.size > 1 && rowSize(r) !== 'default' ? `${rowSize(r)} size` : null,
          // A comparison's rows carry no host cost (published figures have none).
          hostCost: null,
        };
      }),
    };
  });
  const sources = [...new Set(machines.flatMap((m) => m.sources))];
  const runs = [...new Set(rows.map((r) => r.runs))].sort((a, b) => a - b);
  const sizes = [...new Set(rows.map(rowSize))];
  return {
    title: `Compared: ${machines.map((m) => names.get(m.key) ?? m.label).join(' vs ')}`,
    subtitle: machines.map((m) => m.label).join(' · '),
    verdict:
      mixed.size > 0
        ? {
            text: 'Sizes are mixed: the hatched bars were taken at the quick size and cannot be compared with the default-size ones.',
            state: 'undecided',
          }
        : { text: `Fastest: ${fastestWords(panels)}.`, state: 'info' },
    panels: panels.slice(0, MAX_PANELS),
    more: Math.max(0, panels.length - MAX_PANELS),
    legend: `${timePerWords(rows)}, lower is faster · bar: mean · whiskers: ±1 σ where known · linear scale from 0`,
    provenance: [
      sources.join('; '),
      `${sizes.join(' + ')} size`,
      `${runs.length === 1 ? runs[0] : `${runs[0]}–${runs.at(-1)}`} runs each`,
      `card ${today}`,
      `Mountbench ${appVersion}`,
    ].join(' · '),
  };
}
