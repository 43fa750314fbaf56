import { describe, expect, it } from 'vitest';
import { drawnSamples, liveSeries, liveWorkloads } from './live-series';
import type { BackendProgress, LiveSample } from './run-progress';

const backend = (id: string, label: string): BackendProgress => ({
  id,
  label,
  state: 'running',
  workloadId: null,
  workloadCase: null,
  count: 0,
  errors: [],
});
const backends = [backend('docker-engine/native/bind', 'bind mount · native'), backend('host', 'host')];
const titles = new Map([
  ['dd-write', 'dd write'],
  ['buffered-read', 'buffered read'],
]);

function sample(
  execution: number,
  backendId: string,
  workloadId: LiveSample['workloadId'],
  warmup: boolean,
  index: number,
  workloadCase: string | null = null,
): LiveSample {
  return { execution, backendId, workloadId, workloadCase, warmup, sample: index, seconds: execution / 10 };
}

const samples: LiveSample[] = [
  sample(1, 'docker-engine/native/bind', 'dd-write', true, 1),
  sample(2, 'docker-engine/native/bind', 'dd-write', false, 1),
  sample(3, 'docker-engine/native/bind', 'dd-write', false, 2),
  sample(4, 'docker-engine/native/bind', 'buffered-read', false, 1, '128'),
  sample(5, 'host', 'dd-write', false, 1),
];

describe('liveSeries', () => {
  it('gives each workload (and case) its own marker shape', () => {
    const shapes = liveWorkloads(samples, titles).map((w) => [w.words, w.shape]);
    expect(shapes).toEqual([
      ['dd write', 'circle'],
      ['buffered read (128 B reads)', 'triangle'],
    ]);
  });

  it('keeps warm-ups apart from timed samples, and the host apart from the backends', () => {
    const series = liveSeries(samples, backends, titles);
    expect(series.map((s) => [s.backendId, s.workloadKey, s.warmup, s.isHost])).toEqual([
      ['docker-engine/native/bind', 'dd-write', true, false],
      ['docker-engine/native/bind', 'dd-write', false, false],
      ['docker-engine/native/bind', 'buffered-read:128', false, false],
      ['host', 'dd-write', false, true],
    ]);
  });

  it('names each point: backend, workload, sample number as the core counted it, execution, time', () => {
    const timed = liveSeries(samples, backends, titles)[1];
    expect(timed.points).toEqual([
      { x: 2, y: 0.2, backend: 'bind mount · native', workload: 'dd write', warmup: false, sample: 1 },
      { x: 3, y: 0.3, backend: 'bind mount · native', workload: 'dd write', warmup: false, sample: 2 },
    ]);
  });
});

describe('drawnSamples', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      execution: i + 1,
      backendId: 'b',
      workloadId: 'dd-write' as const,
      workloadCase: null,
      warmup: i % 100 === 0,
      sample: i + 1,
      seconds: 0.1,
    }));

  it('draws every sample of a short run', () => {
    const samples = many(50);
    expect(drawnSamples(samples, 400)).toBe(samples);
  });

  it('caps a long run: the newest whole, every warm-up, older timed samples thinned', () => {
    const samples = many(2000);
    const drawn = drawnSamples(samples, 400);
    expect(drawn.length).toBeLessThanOrEqual(400);
    expect(drawn.slice(-200)).toEqual(samples.slice(-200));
    expect(drawn.filter((s) => s.warmup)).toEqual(samples.filter((s) => s.warmup));
    // In execution order, so the chart reads left to right.
    expect(drawn.every((s, i) => i === 0 || s.execution > drawn[i - 1].execution)).toBe(true);
  });
});
