// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPORT_ERRORS } from '../test-support/recorded-api-data';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { renderWith } from '../test-support/render';
import { CompareView } from './CompareView';

async function renderCompare() {
  const rendered = renderWith(<CompareView />, createFakeApi());
  await rendered.stores.compare.getState().loadPublished();
  await rendered.stores.history.getState().refresh();
  await screen.findByTestId('compare-empty');
  return rendered;
}

describe('CompareView', () => {
  it('lays out the published M1 Pro against the Intel 2017 Mac in one click', async () => {
    const { user } = await renderCompare();
    await user.click(screen.getByTestId('compare-published-m1-intel'));
    const m1 = await screen.findByTestId('compare-machine-published:umitron-2021/m1pro-2021');
    const intel = screen.getByTestId('compare-machine-published:umitron-2021/intel-2017');
    expect(m1.textContent).toContain('Apple M1 Pro');
    expect(within(m1).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(intel).getByText('37.84 s ± 6.00 s')).toBeTruthy();
    expect(screen.getByTestId('compare-chart-small-file-read')).toBeTruthy();
    expect(screen.getByTestId('compare-chart-dd-write')).toBeTruthy();
    expect(screen.getByTestId('compare-published-published:umitron-2021/m1pro-2021')).toHaveProperty(
      'checked',
      true,
    );
  });

  it('states machine against machine per backend and workload, as the core worked it out', async () => {
    const M1 = 'published:umitron-2021/m1pro-2021';
    const INTEL = 'published:umitron-2021/intel-2017';
    const api = createFakeApi({
      machineRatios: [
        {
          workloadKey: 'small-file-read',
          backendKey: 'docker-desktop/VirtioFS/bind',
          backendLabel: 'Docker Desktop · VirtioFS · bind',
          machine: { key: M1, label: 'MacBook Pro 16-inch 2021, Apple M1 Pro', short: 'Apple M1 Pro' },
          reference: { key: INTEL, label: 'MacBook Pro 15-inch 2017, Intel Core i7', short: 'Intel Core i7' },
          ratio: 0.14,
          interval: { low: 0.12, high: 0.16 },
          basis: 'mean-sd-runs',
        },
      ],
    });
    const rendered = renderWith(<CompareView />, api);
    await rendered.stores.compare.getState().loadPublished();
    await rendered.user.click(await screen.findByTestId('compare-published-m1-intel'));
    const ratios = await screen.findByTestId('compare-ratios-small-file-read');
    expect(ratios.textContent).toBe(
      'Apple M1 Pro: Docker Desktop · VirtioFS · bind, small-file-read in 0.14 × (0.12 … 0.16) the Intel Core i7 time (interval from the published mean, σ and runs)',
    );
    const call = api.calls.find((c) => c.method === 'results.machineRatios');
    expect(call?.args[0]).toEqual([]);
    expect([...(call?.args[1] as string[])].sort()).toEqual([INTEL, M1].sort());
    expect(screen.queryByTestId('compare-ratios-dd-write')).toBeNull();
  });

  it('lays the sources shipped for 2025 and 2026 beside each other when ticked: paolomainardi and ddev nightly', async () => {
    const M4 = 'published:paolomainardi-2025/m4pro-2024';
    const DDEV = 'published:ddev-nightly-2026-08/ddev-macos-arm64';
    const { user } = await renderCompare();
    // Offered among the published machines, each under its own source.
    expect(screen.getByTestId(`compare-published-${M4}`).closest('label')?.textContent).toContain(
      'Docker on MacOS is still slow? (paolomainardi.com, January 2025',
    );
    expect(screen.getByTestId(`compare-published-${DDEV}`).closest('label')?.textContent).toContain(
      'ddev nightly performance benchmarks, August 2026',
    );
    await user.click(screen.getByTestId(`compare-published-${M4}`));
    await user.click(screen.getByTestId(`compare-published-${DDEV}`));

    /** A row's cells after its backend: size, samples, mean ± σ, min … max, runs, fs type, note. */
    const cells = (group: HTMLElement, backend: string) => {
      const row = within(group)
        .getAllByRole('row')
        .find((r) => r.querySelector('th')?.textContent === backend);
      if (!row) throw new Error(`no row for ${backend}`);
      return [...row.querySelectorAll('td')].slice(1).map((c) => c.textContent);
    };

    // paolomainardi's M4 Pro: npm install on 4 setups × (host, no volumes, bind + volume, bind).
    const m4 = await screen.findByTestId(`compare-machine-${M4}`);
    expect(within(m4).getAllByRole('row')).toHaveLength(1 + 20);
    expect(within(m4).getAllByRole('row')[0].textContent).toContain('Apple M4 Pro');
    // The write-up's point: a synchronized file share's bind mount (3.88 s) beside plain VirtioFS
    // (9.53 s) and Docker VMM (8.47 s), each the mean of 3 with its range.
    const shares = cells(m4, 'Docker Desktop 4.37.1 · VZ + VirtioFS + synchronized file shares · bind');
    expect(shares.slice(0, 5)).toEqual([
      'default',
      'as published',
      '3.883 s ± 0.058 s',
      '3.827 s … 3.942 s',
      '3',
    ]);
    expect(shares[6]).toContain('synchronized file share (a Mutagen copy in the VM, paid plans only)');
    expect(cells(m4, 'Docker Desktop 4.37.1 · VZ + VirtioFS · bind')[2]).toBe('9.530 s ± 0.097 s');
    expect(cells(m4, 'Docker Desktop 4.37.1 · Docker VMM + VirtioFS · bind')[2]).toBe('8.466 s ± 0.186 s');

    // ddev's macOS agent, August 2026: the Drupal install per provider, one sample a night.
    const ddev = screen.getByTestId(`compare-machine-${DDEV}`);
    expect(within(ddev).getAllByRole('row')).toHaveLength(1 + 7);
    expect(cells(ddev, 'Podman (rootless) · default · mutagen').slice(0, 5)).toEqual([
      'default',
      'as published',
      '12.40 s ± 0.18 s',
      '12.00 s … 12.70 s',
      '22',
    ]);
    expect(cells(ddev, 'Docker Desktop · default · mutagen').slice(2, 5)).toEqual([
      '18.18 s ± 2.48 s',
      '16.00 s … 28.30 s',
      '24',
    ]);
    expect(cells(ddev, 'OrbStack · default · bind')[6]).toContain("ddev's leg `orbstack-no-mutagen`");
    // One chart per workload: the two write-ups measured different work.
    expect(screen.getByTestId('compare-chart-npm-install')).toBeTruthy();
    expect(screen.getByTestId('compare-chart-drupal-install')).toBeTruthy();

    // Unticked, a source leaves the table.
    await user.click(screen.getByTestId(`compare-published-${DDEV}`));
    await waitFor(() => expect(screen.queryByTestId(`compare-machine-${DDEV}`)).toBeNull());
    expect(screen.getByTestId(`compare-machine-${M4}`)).toBeTruthy();
  });

  it("shows a bad file's error as the core wrote it", async () => {
    const { user } = await renderCompare();
    const bad = '{"schema":"mountbench-run","version":1}';
    await user.upload(
      screen.getByTestId('import-input'),
      new File([bad], 'bad.json', { type: 'application/json' }),
    );
    expect((await screen.findByTestId('import-error')).textContent).toBe(IMPORT_ERRORS['bad.json']);
  });

  it('imports a dropped file and compares it', async () => {
    const { api } = await renderCompare();
    const run = runFileOf(QUICK_RUN);
    api.stored.clear();
    const file = new File([JSON.stringify(run)], 'alice.json', { type: 'application/json' });
    fireEvent.drop(screen.getByTestId('import-drop'), { dataTransfer: { files: [file] } });
    expect((await screen.findByTestId('import-status')).textContent).toBe(
      `Imported alice.json as run ${run.id}.`,
    );
    await waitFor(() =>
      expect(screen.getByTestId('compare-table').textContent).toContain('AMD EPYC · x64 · 2 cores · 24 GiB'),
    );
    expect(api.calls.find((c) => c.method === 'results.import')?.args[0]).toBe('alice.json');
  });

  it('asks what a hyperfine export does not record, then imports it marked as hyperfine', async () => {
    const { api, user } = await renderCompare();
    const hyperfine = JSON.stringify({
      results: [
        { command: 'find . -type f | xargs cat', mean: 1, min: 1, max: 1, times: [1] },
        { command: 'dd if=/dev/zero of=speedtest', mean: 2, min: 2, max: 2, times: [2] },
      ],
    });
    const file = new File([hyperfine], 'mine.json', {
      type: 'application/json',
      lastModified: 1_700_000_000_000,
    });
    await user.upload(screen.getByTestId('import-input'), file);
    expect((await screen.findByTestId('hyperfine-form')).textContent).toContain(
      'mine.json is a hyperfine export',
    );
    expect(api.calls.some((c) => c.method === 'results.import')).toBe(false);
    expect(screen.getByTestId('hyperfine-import')).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('hyperfine-backend'));
    await user.paste('Docker Desktop VirtioFS bind');
    await user.selectOptions(screen.getByTestId('hyperfine-result'), '2');
    await user.selectOptions(screen.getByTestId('hyperfine-workload'), 'dd-write');
    await user.selectOptions(screen.getByTestId('hyperfine-size'), 'quick');
    await user.click(screen.getByTestId('hyperfine-import'));
    const call = api.calls.find((c) => c.method === 'results.importHyperfine');
    expect(call?.args).toEqual([
      { name: 'mine.json', lastModified: 1_700_000_000_000 },
      hyperfine,
      {
        backendLabel: 'Docker Desktop VirtioFS bind',
        workload: 'dd-write',
        size: 'quick',
        mount: 'bind',
        fsType: null,
        machineLabel: null,
        result: 2,
      },
    ]);
    expect((await screen.findByTestId('import-status')).textContent).toMatch(
      /^Imported mine\.json as run hyperfine-/,
    );
    expect(screen.queryByTestId('hyperfine-form')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('compare-table').textContent).toContain('imported from hyperfine'),
    );
  });

  it('adds a stored run beside the published figures', async () => {
    const { user } = await renderCompare();
    await user.click(screen.getByTestId(`compare-run-${QUICK_RUN[0].runId}`));
    await user.click(screen.getByTestId('compare-published-published:umitron-2021/m1pro-2021'));
    await waitFor(() =>
      expect(
        screen.getAllByRole('rowgroup').filter((g) => g.dataset.testid?.startsWith('compare-machine-')),
      ).toHaveLength(2),
    );
    // The stored run is a Quick one (quick size); the published figures were taken at the default size.
    const warning = await screen.findByTestId('compare-size-warning');
    expect(warning.textContent).toContain('for dd-write:');
    expect(warning.textContent).toContain('not comparable');
  });

  it('says nothing about sizes when only published figures are compared', async () => {
    const { user } = await renderCompare();
    await user.click(screen.getByTestId('compare-published-m1-intel'));
    await screen.findByTestId('compare-machine-published:umitron-2021/m1pro-2021');
    expect(screen.queryByTestId('compare-size-warning')).toBeNull();
  });
});
