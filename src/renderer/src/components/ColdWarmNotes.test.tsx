// @vitest-environment jsdom
// Under the Results table: the cold-cache note, the first runs of the user's project and the
// dependency-folder verdict; nothing at all for a run with none of them.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../../shared/result-schema';
import { sampleDependencySplit } from '../../../shared/test-support/dependency-split-sample';
import { ColdWarmNotes } from './ColdWarmNotes';

const result: WorkloadResult = {
  backend: {
    id: 'docker-engine/native/bind',
    provider: 'docker-engine',
    variant: 'native',
    mount: 'bind',
    label: 'bind mount · native',
  },
  workload: { id: 'custom', size: 'default', params: {} },
  fsType: 'ext4',
  clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0 },
  cache: 'warm',
  warmupRuns: 1,
  stats: {
    samples: [9, 9.2, 8.8],
    mean: 9,
    stddev: 0.2,
    median: 9,
    min: 8.8,
    max: 9.2,
    runs: 3,
    user: null,
    system: null,
    outliers: [],
  },
  derived: {},
  warnings: [],
  firstRun: { seconds: 38, differs: true },
};

function run(extra: Partial<RunFile>): RunFile {
  return { results: [result], ...extra } as RunFile;
}

describe('ColdWarmNotes', () => {
  it('shows the first run, the cold-cache note and the dependency verdict', () => {
    render(
      <ColdWarmNotes
        run={run({
          results: [{ ...result, coldCache: 'host-kernel' }],
          dependencySplit: [
            sampleDependencySplit({
              speedup: { ratio: 1.02, low: 0.9, high: 1.15 },
              verdict: 'no-measurable-difference',
            }),
          ],
        })}
      />,
    );
    expect(screen.getByTestId('results-cold-cache').textContent).toMatch(
      /this machine's page cache .* dropped before every sample/,
    );
    expect(screen.getByTestId('results-first-runs').textContent).toMatch(
      /first run after the project was laid 38/,
    );
    const verdict = screen.getByTestId('results-dependency-split').querySelector('li')!;
    expect(verdict.dataset.verdict).toBe('no-measurable-difference');
    expect(verdict.textContent).toMatch(/no measurable difference here against all on bind mount · native/);
  });

  it('renders nothing for built-in workloads measured warm', () => {
    const { container } = render(
      <ColdWarmNotes
        run={run({ results: [{ ...result, workload: { id: 'dd-write', size: 'quick', params: {} } }] })}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
