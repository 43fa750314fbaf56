// @vitest-environment jsdom
// The Results table gives a share's host cost (its FUSE daemon's CPU and memory) a column of its
// own, only when some backend's share has such a process that was read.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runFileOf } from '../test-support/fake-api';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { ResultsTable } from './ResultsTable';

afterEach(cleanup);

const results = runFileOf(QUICK_RUN).results;

describe('ResultsTable and the host cost of a share', () => {
  it("shows the FUSE daemon's CPU a sample and memory beside its backend, a dash beside the others", () => {
    const withCost = results.map((r) =>
      r.backend.id === 'docker-engine/fuse/bind'
        ? {
            ...r,
            serving: {
              processes: ['bindfs (FUSE daemon)'],
              cpuSeconds: [0.1, 0.3],
              peakRssBytes: 3 * 1024 * 1024,
            },
          }
        : r,
    );
    render(<ResultsTable results={withCost} titles={new Map()} />);
    expect(screen.getByRole('columnheader', { name: 'Host cost of serving it' })).toBeTruthy();
    const cells = screen.getAllByTestId('results-host-cost').map((c) => c.textContent);
    expect(cells).toHaveLength(results.length);
    const fuseRows = results.filter((r) => r.backend.id === 'docker-engine/fuse/bind').length;
    expect(cells.filter((c) => c === '200.0 ms CPU a sample, 3.0 MiB (bindfs (FUSE daemon))')).toHaveLength(
      fuseRows,
    );
    expect(cells.filter((c) => c === '—')).toHaveLength(results.length - fuseRows);
  });

  it('has no such column when no share was read', () => {
    render(<ResultsTable results={results} titles={new Map()} />);
    expect(screen.queryByRole('columnheader', { name: 'Host cost of serving it' })).toBeNull();
    expect(screen.queryAllByTestId('results-host-cost')).toEqual([]);
  });
});
