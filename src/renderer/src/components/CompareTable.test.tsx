// @vitest-environment jsdom
// Compare's table says how each row's samples were taken next to the published figures (issue 22):
// a dd-write back to back, as hyperfine took the published ones, reads 8–34 % slower than spaced.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../../../shared/comparison';
import { groupByMachine } from '../lib/compare-data';
import { PUBLISHED_ROWS, QUICK_RUN_ROWS } from '../test-support/recorded-api-data';
import { CompareTable } from './CompareTable';

afterEach(cleanup);

const UMITRON_M1 = 'published:umitron-2021/m1pro-2021';

/** The recorded run's dd-write rows, one per backend, each given the method named. */
function measured(): ComparisonRow[] {
  const [native, tmpfs, fuse, host] = QUICK_RUN_ROWS.filter((r) => r.workload.key === 'dd-write');
  const { sampleMethod: _dropped, ...unrecorded } = host;
  return [
    { ...native, sampleMethod: 'back-to-back' },
    { ...tmpfs, sampleMethod: 'spaced' },
    { ...fuse, sampleMethod: 'back-to-back' },
    // As an imported hyperfine file that does not say.
    {
      ...unrecorded,
      source: { ...host.source, kind: 'measured', importedFrom: 'hyperfine' } as ComparisonRow['source'],
    },
  ];
}

/** Each row of a machine's group: its backend and its Samples cell, with the cell's tooltip. */
function methods(groupKey: string): [string, string, string][] {
  const group = screen.getByTestId(`compare-machine-${groupKey}`);
  return within(group)
    .getAllByTestId('compare-sample-method')
    .map((cell) => {
      const backend = cell.closest('tr')?.querySelector('th')?.textContent ?? '';
      return [backend, cell.textContent ?? '', cell.getAttribute('title') ?? ''];
    });
}

describe('CompareTable', () => {
  it('says for each row whether its samples were back to back, spaced, as published, or not recorded', () => {
    const rows = [...measured(), ...PUBLISHED_ROWS.filter((r) => r.machine.key === UMITRON_M1)];
    render(<CompareTable machines={groupByMachine(rows)} titles={new Map()} />);
    expect(screen.getByRole('columnheader', { name: 'Samples' })).toBeTruthy();

    const mine = methods(QUICK_RUN_ROWS[0].machine.key);
    expect(mine.map(([backend, text]) => [backend, text])).toEqual([
      ['bind mount · native', 'back to back'],
      ['tmpfs', 'spaced'],
      ['bind mount · FUSE share (bindfs)', 'back to back'],
      ['host (no container): baseline', 'not recorded'],
    ]);
    expect(mine[0][2]).toMatch(
      /^Each sample right after the one before, as hyperfine took the published figures/,
    );
    expect(mine[1][2]).toMatch(/not the published method\.$/);

    // The published rows beside them: taken by their source's own method.
    const published = methods(UMITRON_M1);
    expect(published).toHaveLength(5);
    expect(new Set(published.map(([, text]) => text))).toEqual(new Set(['as published']));
  });
});
