// @vitest-environment jsdom
// The trend over what the real core answered for the planted dataset (recorded-team-view.ts): the
// planted regression is marked on every machine's 4.37.2 point, the noise-level change nowhere.
// jsdom has no layout, so the charts draw nothing here; the tables carry every figure (the
// Playwright flow counts the lines drawn).
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamMachine, TeamTrends as TeamTrendsData } from '../../../shared/team-view';
import { TEAM_VIEW } from '../test-support/recorded-team-view';
import { TeamTrends } from './TeamTrends';

afterEach(cleanup);

const VIRTIOFS_BIND = 'docker-desktop/vz-virtiofs/bind';
const machines = new Map<string, TeamMachine>(TEAM_VIEW.analysis.machines.map((m) => [m.machineId, m]));

const cellsOf = (backend: string) =>
  screen
    .getAllByTestId(`team-trend-${backend}-line`)
    .map((row) => [...row.querySelectorAll('td')].map((td) => td.dataset.flag ?? null));

describe('TeamTrends', () => {
  it('shows a line per machine over the releases, the planted regression marked on each', () => {
    render(<TeamTrends trends={TEAM_VIEW.analysis.trends} machines={machines} />);
    const table = screen.getByTestId(`team-trend-${VIRTIOFS_BIND}-table`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Machine', 'docker-desktop 4.37.1', 'docker-desktop 4.37.2']);
    expect(cellsOf(VIRTIOFS_BIND)).toEqual(Array.from({ length: 6 }, () => [null, 'regression']));
    const rows = screen.getAllByTestId(`team-trend-${VIRTIOFS_BIND}-line`);
    expect(rows.map((r) => r.dataset.machine).sort()).toEqual([...machines.keys()].sort());
    // Each figure with its interval, and the flag in words for a screen reader.
    expect(rows[0].querySelectorAll('td')[1].textContent).toMatch(
      /^\d+(\.\d+)? [mµn]?s \(\d+(\.\d+)? [mµn]?s … \d+(\.\d+)? [mµn]?s\) ▲ regression$/,
    );
    expect(table.querySelector('caption')?.textContent).toContain('6 flagged changes');
    // The other backends of that workload carry no flag.
    expect(
      cellsOf('docker-desktop/vz-grpcfuse/bind')
        .flat()
        .every((f) => f === null),
    ).toBe(true);
  });

  it('opens on the flagged workload, picks another with its select; the noise-level change is not marked', async () => {
    const user = userEvent.setup();
    render(<TeamTrends trends={TEAM_VIEW.analysis.trends} machines={machines} />);
    const select = screen.getByTestId('team-trend-workload');
    expect(select).toHaveProperty('value', 'small-file-read@default');
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'dd-write@default',
      'small-file-read@default',
    ]);
    await user.selectOptions(select, 'dd-write@default');
    expect(select).toHaveProperty('value', 'dd-write@default');
    expect(
      screen.getByTestId(`team-trend-${VIRTIOFS_BIND}-table`).querySelector('caption')?.textContent,
    ).toContain('dd-write (default)');
    const volume = cellsOf('docker-desktop/vz-virtiofs/volume');
    expect(volume).toHaveLength(6);
    expect(volume.flat().every((f) => f === null)).toBe(true);
  });

  it("gives a backend's engine-version series its own test id beside its product-release series", () => {
    const [first] = TEAM_VIEW.analysis.trends.series;
    expect(first.versionSource).toBe('product');
    const trends: TeamTrendsData = {
      series: [first, { ...first, versionSource: 'engine' }],
      leftOut: [],
      leftOutCount: 0,
    };
    render(<TeamTrends trends={trends} machines={machines} />);
    expect(screen.getAllByTestId(`team-trend-${first.backendKey}`)).toHaveLength(1);
    expect(screen.getAllByTestId(`team-trend-${first.backendKey}-engine-versions`)).toHaveLength(1);
    const ids = [...document.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    const rowIds = ids.filter((id) => !id?.endsWith('-line'));
    expect(new Set(rowIds).size).toBe(rowIds.length);
  });

  it('says which series and machines were left out, and when there is no trend at all', () => {
    const [first] = TEAM_VIEW.analysis.trends.series;
    const trends: TeamTrendsData = {
      series: [{ ...first, machinesLeftOut: 3 }],
      leftOut: [
        {
          provider: 'docker-desktop',
          backendLabel: 'VZ + gRPC FUSE, bind mount',
          workloadKey: 'dd-write',
          size: 'quick',
          machines: 4,
        },
      ],
      leftOutCount: 2,
    };
    render(<TeamTrends trends={trends} machines={machines} />);
    expect(screen.getByTestId(`team-trend-${first.backendKey}-left-out`).textContent).toMatch(
      /^3 more machines measured on several releases not drawn/,
    );
    const leftOut = screen.getByTestId('team-trend-left-out');
    expect(leftOut.textContent).toContain('2 more series were left out');
    expect([...leftOut.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'dd-write (quick) on VZ + gRPC FUSE, bind mount, docker-desktop: 4 machines',
      'and 1 more',
    ]);
    cleanup();
    render(<TeamTrends trends={{ series: [], leftOut: [], leftOutCount: 0 }} machines={machines} />);
    expect(screen.getByTestId('team-no-trend').textContent).toMatch(/more than one release/);
  });
});
