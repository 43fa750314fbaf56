// @vitest-environment jsdom
// Compare's stored runs carry the same "imported" mark as History's rows, so a comparison of a
// colleague's or a hyperfine run beside this machine's own says which is which.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/api';
import { CompareSources } from './CompareSources';

const base: RunSummary = {
  id: 'here',
  createdAt: '2026-12-01T10:00:00.000Z',
  status: 'completed',
  machineLabel: 'Intel Xeon · x64',
  engineName: 'default',
  backends: ['bind mount · native'],
  workloads: ['dd-write'],
  resultCount: 1,
  errorCount: 0,
};

afterEach(cleanup);

describe('CompareSources', () => {
  it('marks stored runs that were not measured here, in History’s words', () => {
    const runs: RunSummary[] = [
      base,
      { ...base, id: 'alice', machineLabel: 'Apple M1 Pro · arm64', imported: 'another machine' },
      { ...base, id: 'hf', origin: 'hyperfine', imported: 'hyperfine' },
    ];
    render(
      <CompareSources
        runs={runs}
        runIds={[]}
        published={[]}
        publishedKeys={[]}
        onToggleRun={() => {}}
        onTogglePublished={() => {}}
        onM1VsIntel={() => {}}
        importBox={null}
      />,
    );
    expect(screen.getByTestId('compare-run-imported-alice').textContent).toBe('imported · another machine');
    expect(screen.getByTestId('compare-run-imported-hf').textContent).toBe('imported from hyperfine');
    expect(screen.queryByTestId('compare-run-imported-here')).toBeNull();
    // The mark sits in the run's own label: ticking by its label still finds the run.
    expect(screen.getByLabelText(/imported · another machine.*Apple M1 Pro · arm64/)).toBe(
      screen.getByTestId('compare-run-alice'),
    );
  });

  it('names each run by what it compared and what won, and leaves out runs in which nothing ran', () => {
    const runs: RunSummary[] = [
      { ...base, backends: ['bind mount · native', 'tmpfs'], winner: { state: 'decided', label: 'tmpfs' } },
      {
        ...base,
        id: 'volume',
        backends: ['named volume', 'tmpfs'],
        workloads: ['dd-write', 'metadata-walk'],
      },
      { ...base, id: 'empty', backends: [], workloads: [], resultCount: 0, status: 'failed' },
    ];
    render(
      <CompareSources
        runs={runs}
        runIds={[]}
        published={[]}
        publishedKeys={[]}
        onToggleRun={() => {}}
        onTogglePublished={() => {}}
        onM1VsIntel={() => {}}
        importBox={null}
      />,
    );
    expect(screen.getByTestId('compare-run-label-here').textContent).toBe(
      'bind mount · native vs tmpfs · dd-write — tmpfs won',
    );
    expect(screen.getByTestId('compare-run-label-volume').textContent).toBe(
      'named volume vs tmpfs · 2 workloads',
    );
    expect(screen.queryByTestId('compare-run-empty')).toBeNull();
    expect(screen.getByTestId('compare-runs-empty-hidden').textContent).toContain(
      '1 run(s) in which nothing ran',
    );
  });
});
