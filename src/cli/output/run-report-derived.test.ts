// What `mountbench run` and `sweep` print under the table for page-reload and parallel-read: the
// figures kept in `derived`, which no column shows.
import { describe, expect, it } from 'vitest';
import { sampleRun, sampleWorkloadResult } from '../../core/store/test-support/run-fixture';
import type { WorkloadResult } from '../../shared/result-schema';
import { runReport } from './run-report';

const base = sampleWorkloadResult();
const pageReload = (workloadCase: string, derived: Record<string, number>): WorkloadResult => ({
  ...base,
  workload: { id: 'page-reload', size: 'quick', params: { files: 100 }, case: workloadCase },
  derived,
});

describe('the run report', () => {
  it("prints page-reload's p50 and p95 under the table, with and without an edit", () => {
    const run = sampleRun({
      results: [
        pageReload('no-edit', { p50Seconds: 0.0443, p95Seconds: 0.196, firstRequestSeconds: 0.0705 }),
        pageReload('after-edit', { p50Seconds: 0.0549, p95Seconds: 0.31, staleAnswersPerEdit: 0 }),
      ],
    });
    const { body } = runReport(run, { profile: null });
    expect(body).toContain(
      '\npage latency and per-container times:\n' +
        `  - page-reload · ${base.backend.label}: p50 54.90 ms, p95 310.0 ms after an edit; ` +
        'p50 44.30 ms, p95 196.0 ms without an edit (first request after the lay 70.50 ms)\n',
    );
  });

  it('prints no such section for a run without those workloads', () => {
    expect(runReport(sampleRun(), { profile: null }).body).not.toContain('per-container');
  });
});
