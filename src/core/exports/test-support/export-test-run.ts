// A run with several kinds of result for the export tests: a batched case, user/system times,
// derived figures, a single-run result and a label that needs quoting everywhere; the dd-write one
// is batched and taken back to back, the others leave both at their defaults (absent).
import type { RunFile, WorkloadResult } from '../../../shared/result-schema';
import { sampleRun, sampleWorkloadResult } from '../../store/test-support/run-fixture';

export function exportTestRun(): RunFile {
  const base = sampleWorkloadResult();
  const dd: WorkloadResult = {
    ...base,
    backend: {
      id: 'docker-engine/fuse/bind',
      provider: 'docker-engine',
      variant: 'fuse',
      mount: 'bind',
      label: 'Docker Engine, "fuse", bind, slow',
    },
    workload: { id: 'dd-write', size: 'quick', params: { blockBytes: 1024, count: 20000 } },
    fsType: 'fuse.bindfs',
    executionsPerSample: 4,
    sampleMethod: 'back-to-back',
    stats: {
      samples: [1.25, 1.5, 1.125, 1.0000000000000002],
      mean: 1.21875,
      stddev: 0.2083333333333333,
      median: 1.1875,
      min: 1.0000000000000002,
      max: 1.5,
      runs: 4,
      user: 0.01,
      system: 0.75,
      outliers: [],
    },
    firstRun: { seconds: 2.5, differs: true },
    derived: { mbPerSecond: 16.8 },
    warnings: ['the first run was 2.1× slower'],
  };
  const buffered: WorkloadResult = {
    ...base,
    workload: { id: 'buffered-read', size: 'quick', params: { fileBytes: 1048576 }, case: '128' },
    opsPerSample: 8192,
    stats: {
      samples: [0.5],
      mean: 0.5,
      stddev: null,
      median: 0.5,
      min: 0.5,
      max: 0.5,
      runs: 1,
      user: null,
      system: null,
      outliers: [],
    },
    derived: { nsPerOp: 61035.15625 },
  };
  return sampleRun({ results: [base, dd, buffered] });
}
