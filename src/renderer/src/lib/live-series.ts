// The live chart's series: colour says the backend (the host in the baseline grey, as in every
// chart), the marker's shape says the workload, and a hollow marker says warm-up. Each point
// carries what its tooltip names: backend, workload, its sample number within that backend and
// workload (warm-ups counted apart, as the core counts them), the execution it landed at, its time.
import { workloadKey } from '../../../shared/comparison';
import type { BackendProgress, LiveSample } from './run-progress';
import { workloadCaseWords } from './size-words';

/** recharts' built-in marker shapes, most distinct first. */
export const MARKER_SHAPES = ['circle', 'triangle', 'square', 'diamond', 'cross', 'star', 'wye'] as const;
export type MarkerShape = (typeof MARKER_SHAPES)[number];

export interface LivePoint {
  x: number;
  y: number;
  backend: string;
  workload: string;
  warmup: boolean;
  /** 1-based, within its backend, workload and kind (warm-up or timed), as the core counted it. */
  sample: number;
}

export interface LiveSeries {
  key: string;
  backendId: string;
  isHost: boolean;
  workloadKey: string;
  shape: MarkerShape;
  warmup: boolean;
  points: LivePoint[];
}

export interface LiveWorkload {
  key: string;
  words: string;
  shape: MarkerShape;
}

export function liveWorkloads(
  samples: readonly LiveSample[],
  titles: ReadonlyMap<string, string>,
): LiveWorkload[] {
  const out: LiveWorkload[] = [];
  for (const s of samples) {
    const key = workloadKey(s.workloadId, s.workloadCase);
    if (out.some((w) => w.key === key)) continue;
    out.push({
      key,
      words: workloadCaseWords(s.workloadId, s.workloadCase, titles),
      shape: MARKER_SHAPES[out.length % MARKER_SHAPES.length],
    });
  }
  return out;
}

export function liveSeries(
  samples: readonly LiveSample[],
  backends: readonly BackendProgress[],
  titles: ReadonlyMap<string, string>,
): LiveSeries[] {
  const workloads = liveWorkloads(samples, titles);
  const series = new Map<string, LiveSeries>();
  for (const s of samples) {
    const wk = workloadKey(s.workloadId, s.workloadCase);
    const key = `${s.backendId}|${wk}|${s.warmup ? 'warmup' : 'timed'}`;
    let line = series.get(key);
    if (!line) {
      const workload = workloads.find((w) => w.key === wk);
      line = {
        key,
        backendId: s.backendId,
        isHost: s.backendId === 'host',
        workloadKey: wk,
        shape: workload?.shape ?? 'circle',
        warmup: s.warmup,
        points: [],
      };
      series.set(key, line);
    }
    line.points.push({
      x: s.execution,
      y: s.seconds,
      backend: backends.find((b) => b.id === s.backendId)?.label ?? s.backendId,
      workload: workloads.find((w) => w.key === wk)?.words ?? wk,
      warmup: s.warmup,
      sample: s.sample,
    });
  }
  return [...series.values()];
}

/** The most markers the live chart draws: an SVG of thousands re-laid out per update froze the page. */
export const MAX_DRAWN_SAMPLES = 400;

/**
 * The samples the live chart draws when there are more than it can: every warm-up (a few, each
 * telling), the newest timed samples whole, and every k-th of the older ones, so the picture of
 * the whole run stays while its cost is capped.
 */
export function drawnSamples(samples: readonly LiveSample[], cap = MAX_DRAWN_SAMPLES): readonly LiveSample[] {
  if (samples.length <= cap) return samples;
  const newest = Math.floor(cap / 2);
  const older = samples.slice(0, samples.length - newest);
  const keptWarmups = older.filter((s) => s.warmup).length;
  const room = Math.max(1, cap - newest - keptWarmups);
  const timedOlder = older.length - keptWarmups;
  const stride = Math.max(1, Math.ceil(timedOlder / room));
  let timedIndex = 0;
  const kept = older.filter((s) => s.warmup || timedIndex++ % stride === 0);
  return [...kept, ...samples.slice(samples.length - newest)];
}
