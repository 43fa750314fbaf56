// Builds ComparisonRows by hand for the recommend tests, until rows come from rowsFromRun.
import type { ComparisonRow } from '../../../shared/comparison';
import { workloadKey } from '../../../shared/comparison';
import type { ProviderId, SizeName } from '../../../shared/ids';
import { mean, sampleStandardDeviation } from '../../stats/descriptive';

export interface RowSpec {
  provider?: ProviderId | null;
  variant?: string;
  mount?: ComparisonRow['backend']['mount'];
  label?: string;
  fileSharing?: string | null;
  workload: string;
  workloadCase?: string | null;
  size?: SizeName;
  /** Either the samples, or mean/stddev/runs as a published figure gives them. */
  samples?: number[];
  mean?: number;
  stddev?: number | null;
  runs?: number;
  opsPerSample?: number;
  machine?: string;
  runId?: string;
  createdAt?: string;
  note?: string | null;
}

export function makeRow(spec: RowSpec): ComparisonRow {
  const provider = spec.provider === undefined ? 'docker-engine' : spec.provider;
  const variant = spec.variant ?? 'native';
  const mount = spec.mount ?? 'bind';
  const samples = spec.samples ?? null;
  const m = samples ? mean(samples) : (spec.mean as number);
  const stddev = samples ? sampleStandardDeviation(samples) : (spec.stddev ?? null);
  const runs = samples ? samples.length : (spec.runs ?? 1);
  const machine = spec.machine ?? 'machine-a';
  return {
    source: {
      kind: 'measured',
      runId: spec.runId ?? 'run-1',
      createdAt: spec.createdAt ?? '2026-01-01T00:00:00.000Z',
    },
    machine: { key: machine, label: `Machine ${machine}`, chip: 'Test chip', arch: 'x64' },
    backend: {
      key: mount === 'host' ? 'host' : `${provider}/${variant}/${mount}`,
      label: spec.label ?? (mount === 'host' ? 'host' : `${provider} ${variant} ${mount}`),
      provider: mount === 'host' ? null : provider,
      fileSharing: spec.fileSharing === undefined ? variant : spec.fileSharing,
      mount,
    },
    workload: {
      key: workloadKey(spec.workload, spec.workloadCase),
      id: spec.workload,
      case: spec.workloadCase ?? null,
      ...(spec.size ? { size: spec.size } : {}),
    },
    mean: m,
    stddev,
    median: null,
    min: samples ? Math.min(...samples) : m,
    max: samples ? Math.max(...samples) : m,
    runs,
    samples,
    opsPerSample: spec.opsPerSample ?? 1,
    fsType: null,
    note: spec.note ?? null,
  };
}

/** Ten samples around `center` with a ±2 % spread: a tight, realistic timing series. */
export function samplesAround(center: number): number[] {
  return [1.0, 1.02, 0.98, 1.01, 0.99, 1.015, 0.985, 1.005, 0.995, 1.0].map((f) => f * center);
}
