// Hand-made comparison rows for the compare tests: only what a case cares about is given.
import type { ComparisonRow } from '../../../shared/comparison';
import type { SampleMethod } from '../../../shared/run-plan';

export interface RowSpec {
  machine?: string;
  backend: string;
  workload?: string;
  size?: 'quick' | 'default';
  mean: number;
  stddev?: number | null;
  runs?: number;
  opsPerSample?: number;
  note?: string | null;
  published?: boolean;
  /** Absent: the row records none (as another tool's export). */
  sampleMethod?: SampleMethod;
}

export function testRow(spec: RowSpec): ComparisonRow {
  const machine = spec.machine ?? 'm1';
  const workload = spec.workload ?? 'small-file-read';
  return {
    source: spec.published
      ? { kind: 'published', sourceId: 'paper', title: 'A paper', url: 'https://example.org/paper' }
      : { kind: 'measured', runId: 'run-1', createdAt: '2024-05-01T10:00:00.000Z' },
    machine: { key: `key-${machine}`, label: `Machine ${machine}`, chip: 'chip', arch: 'arm64' },
    backend: {
      key: spec.backend,
      label: spec.backend,
      provider: 'docker-engine',
      fileSharing: 'native',
      mount: 'bind',
    },
    workload: {
      key: workload,
      id: workload.split(':')[0],
      case: workload.split(':')[1] ?? null,
      ...(spec.published ? {} : { size: spec.size ?? 'default' }),
    },
    mean: spec.mean,
    stddev: spec.stddev === undefined ? spec.mean * 0.01 : spec.stddev,
    median: spec.mean,
    min: spec.mean,
    max: spec.mean,
    runs: spec.runs ?? 10,
    samples: null,
    opsPerSample: spec.opsPerSample ?? 1,
    fsType: spec.published ? null : 'ext4',
    note: spec.note ?? null,
    ...(spec.sampleMethod ? { sampleMethod: spec.sampleMethod } : {}),
  };
}
