// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import { createFakeApi } from '../test-support/fake-api';
import { TEAM_VIEW } from '../test-support/recorded-team-view';
import { renderWith } from '../test-support/render';
import { TeamView } from './TeamView';

const VIRTIOFS_BIND = 'docker-desktop/vz-virtiofs/bind';

async function showTeam(api = createFakeApi()) {
  const rendered = renderWith(<TeamView />, api);
  await rendered.user.type(screen.getByTestId('team-folder'), '/data/team');
  await rendered.user.click(screen.getByTestId('team-load'));
  await screen.findByTestId('team-summary');
  return rendered;
}

describe('TeamView', () => {
  it('reads the typed folder through team.view and says what it found', async () => {
    const { api } = await showTeam();
    expect(api.calls.filter((c) => c.method === 'team.view').map((c) => c.args)).toEqual([['/data/team']]);
    expect(screen.getByTestId('team-summary').textContent).toBe(
      '12 runs from 6 machines (Intel, M1, M2, M3, M4).',
    );
  });

  it('names every refused file and still shows the rest', async () => {
    await showTeam();
    const refused = screen.getAllByTestId('team-refused-file');
    expect(refused.map((r) => r.dataset.file)).toEqual(TEAM_VIEW.refused.map((r) => r.file));
    expect(refused[0].textContent).toMatch(/broken-run\.json: /);
    expect(screen.getByTestId('team-spreads')).toBeTruthy();
  });

  it('flags the planted regression with how sure it is, and not the noise-level change', async () => {
    await showTeam();
    const changes = screen.getAllByTestId('team-change');
    expect(changes.map((c) => [c.dataset.kind, c.dataset.workload, c.dataset.backend])).toEqual([
      ['regression', 'small-file-read', VIRTIOFS_BIND],
    ]);
    // Two Docker Desktop releases that ship the same engine: only the product's own release tells them apart.
    expect(changes[0].textContent).toContain('docker-desktop 4.37.1 → 4.37.2');
    expect(within(changes[0]).getByTestId('team-change-sure').textContent).toBe(
      '6 of 6 machines: seen on most machines that measured both releases',
    );
    // Each machine's ratio with its interval: "1.30 × (1.27 … 1.33)".
    expect(within(changes[0]).getAllByRole('listitem')).toHaveLength(6);
    expect(changes[0].textContent).toMatch(/1\.\d\d × \(1\.\d\d … 1\.\d\d\)/);
  });

  it('counts the winners per role, and what the machines like this one found', async () => {
    await showTeam();
    const winners = screen.getAllByTestId('team-winners-item').map((w) => w.textContent);
    expect(winners).toContain('VZ + VirtioFS, bind mount: fastest, measurably, on 6 machines');
    expect(screen.getByTestId('team-like-yours-summary').textContent).toBe(
      '2 machines of chip family M1 on docker-desktop, as this one.',
    );
    expect(screen.getAllByTestId('team-like-yours-winners-item')[0].textContent).toMatch(/on 2 machines$/);
  });

  it('shows a spread per backend, by chip family or by product version, for the workload picked', async () => {
    const { user } = await showTeam();
    const rowsOf = (backend: string) =>
      screen
        .getAllByTestId(`team-spread-${backend}-group`)
        .map((r) => [r.dataset.group, r.children[1].textContent]);
    expect(screen.getByTestId('team-role-source-tree')).toBeTruthy();
    expect(screen.getByTestId('team-role-container-data')).toBeTruthy();
    // Six machines, one of each chip the generator knows: the M1 and the M1 Pro are one family.
    expect(rowsOf(VIRTIOFS_BIND)).toEqual([
      ['Intel', '1'],
      ['M1', '2'],
      ['M2', '1'],
      ['M3', '1'],
      ['M4', '1'],
    ]);
    await user.click(screen.getByTestId('team-group-version'));
    expect(rowsOf(VIRTIOFS_BIND)).toEqual([
      ['docker-desktop 4.37.1', '6'],
      ['docker-desktop 4.37.2', '6'],
    ]);
    await user.selectOptions(screen.getByTestId('team-workload'), 'dd-write@default');
    expect(screen.getByTestId('team-spreads').textContent).toContain('dd-write (default)');
    expect(screen.getAllByTestId(`team-spread-${VIRTIOFS_BIND}-group`)).toHaveLength(2);
  });

  it('says what is wrong with a folder the core refused, and asks for one when none is typed', async () => {
    const api = createFakeApi({
      answers: {
        'team:view': async () => {
          throw new MountbenchError('BAD_INPUT', 'relative is not an absolute path; start it with / or ~/');
        },
      },
    });
    const { user } = renderWith(<TeamView />, api);
    await user.click(screen.getByTestId('team-load'));
    expect(screen.getByTestId('team-error').textContent).toMatch(/Type the folder/);
    expect(api.calls.some((c) => c.method === 'team.view')).toBe(false);
    await user.type(screen.getByTestId('team-folder'), 'relative');
    await user.click(screen.getByTestId('team-load'));
    await waitFor(() => expect(screen.getByTestId('team-error').textContent).toMatch(/not an absolute path/));
  });
});
