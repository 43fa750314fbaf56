// @vitest-environment jsdom
// Under the Results table: page-reload's p50 and p95 and parallel-read's per-container medians,
// named by the workload's title and the backend; nothing for a run without them, nothing from junk.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkloadResult } from '../../../shared/result-schema';
import { DerivedNotes } from './DerivedNotes';

const result: WorkloadResult = {
  backend: {
    id: 'docker-engine/native/bind',
    provider: 'docker-engine',
    variant: 'native',
    mount: 'bind',
    label: 'bind mount · native',
  },
  workload: { id: 'page-reload', size: 'quick', params: {}, case: 'after-edit' },
  fsType: 'ext4',
  clock: { source: 'host-request', resolutionSeconds: 1e-6, overheadSeconds: 0 },
  cache: 'warm',
  warmupRuns: 1,
  stats: {
    samples: [0.05, 0.06, 0.3],
    mean: 0.137,
    stddev: 0.14,
    median: 0.06,
    min: 0.05,
    max: 0.3,
    runs: 3,
    user: null,
    system: null,
    outliers: [],
  },
  derived: { p50Seconds: 0.06, p95Seconds: 0.276, staleAnswersPerEdit: 0 },
  warnings: [],
};

const titles = new Map([
  ['page-reload', 'Page reload'],
  ['parallel-read', 'Parallel read'],
]);

describe('DerivedNotes', () => {
  it("shows page-reload's percentiles and parallel-read's containers for the shown run", () => {
    const noEdit = {
      ...result,
      workload: { ...result.workload, case: 'no-edit' },
      derived: { p50Seconds: 0.04, p95Seconds: 0.09, firstRequestSeconds: 0.2 },
    };
    const parallel = {
      ...result,
      workload: { id: 'parallel-read' as const, size: 'quick' as const, params: {} },
      derived: { container1MedianSeconds: 0.5, container2MedianSeconds: 0.75, containers: 2 },
    };
    render(<DerivedNotes results={[result, noEdit, parallel]} titles={titles} />);
    expect(screen.getByRole('heading').textContent).toBe('Page latency and per-container times');
    expect(screen.getByTestId('results-derived-page-reload-docker-engine/native/bind').textContent).toBe(
      'Page reload · bind mount · native: p50 60.00 ms, p95 276.0 ms after an edit; ' +
        'p50 40.00 ms, p95 90.00 ms without an edit (first request after the lay 200.0 ms)',
    );
    expect(screen.getByTestId('results-derived-parallel-read-docker-engine/native/bind').textContent).toBe(
      "Parallel read · bind mount · native: 2 containers at once: the slowest one's median 750.0 ms, " +
        "1.50× the fastest one's; each one's median 500.0 ms, 750.0 ms (the table times each round by its slowest container)",
    );
  });

  it('renders nothing for other workloads or for figures it cannot trust', () => {
    const junk = { ...result, derived: { p50Seconds: -1, p95Seconds: 0.2, p99Seconds: 3 } };
    const ddWrite = { ...result, workload: { id: 'dd-write' as const, size: 'quick' as const, params: {} } };
    const { container } = render(<DerivedNotes results={[junk, ddWrite]} titles={titles} />);
    expect(container.innerHTML).toBe('');
  });
});
