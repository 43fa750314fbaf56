// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunFile } from '../../../shared/result-schema';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { renderWith } from '../test-support/render';
import { ResultsView } from './ResultsView';

const run = runFileOf(QUICK_RUN);

async function openQuickRun() {
  const rendered = renderWith(<ResultsView />, createFakeApi());
  await rendered.stores.setup.getState().load();
  await rendered.stores.results.getState().open(run.id);
  await screen.findByTestId('recommendation-choice');
  return rendered;
}

const downloads: string[] = [];

beforeEach(() => {
  // jsdom has no object URLs and cannot follow a download link: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  downloads.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

/** The quick run as a race: dd-write ended at its cap between the two bind mounts. */
function racedRun(outcome: 'cap' | 'decided'): RunFile {
  const native = 'docker-engine/native/bind';
  const fuse = 'docker-engine/fuse/bind';
  return {
    ...structuredClone(run),
    race: {
      rule: { minSamples: 5, maxSamples: 20, alpha: 0.05, perLookAlpha: 0.05 / 16, tieMargin: 0.05 },
      workloads: [
        {
          workloadKey: 'dd-write',
          role: 'source-tree',
          rounds: outcome === 'cap' ? 20 : 5,
          outcome,
          exits:
            outcome === 'cap'
              ? [
                  { backendId: native, round: 20, reason: 'cap' },
                  { backendId: fuse, round: 20, reason: 'cap' },
                ]
              : [
                  { backendId: fuse, round: 5, reason: 'slower', slowerThan: native },
                  { backendId: native, round: 5, reason: 'leader' },
                ],
          comparisons: [
            { a: fuse, b: native, ratio: 1.03, low: 0.97, high: 1.1, decided: outcome !== 'cap' },
          ],
        },
      ],
    },
  };
}

describe('ResultsView: keep measuring', () => {
  it('offers to keep measuring an undecided race and starts the continuation as a run', async () => {
    const raced = racedRun('cap');
    const rendered = renderWith(<ResultsView />, createFakeApi({ runs: [raced] }));
    await rendered.stores.setup.getState().load();
    await rendered.stores.results.getState().open(raced.id);
    const button = await screen.findByTestId('keep-measuring');
    expect(screen.getByTestId('keep-measuring-what').textContent).toBe(
      "1 workload (dd-write) on 2 backends not decided yet, with this run's settings",
    );
    await rendered.user.click(button);
    await waitFor(() => expect(rendered.stores.nav.getState().tab).toBe('run'));
    const started = rendered.api.calls.filter((c) => c.method === 'runs.start');
    expect(started).toHaveLength(1);
    expect(started[0].args[0]).toMatchObject({
      mounts: ['bind'],
      workloads: ['dd-write'],
      backends: ['docker-engine/native/bind', 'docker-engine/fuse/bind'],
      runs: 5,
      maxRuns: 20,
      race: true,
    });
  });

  it('does not offer it when every race is decided', async () => {
    const raced = racedRun('decided');
    const rendered = renderWith(<ResultsView />, createFakeApi({ runs: [raced] }));
    await rendered.stores.setup.getState().load();
    await rendered.stores.results.getState().open(raced.id);
    await screen.findByTestId('recommendation-choice');
    expect(screen.queryByTestId('keep-measuring')).toBeNull();
  });
});

describe('ResultsView', () => {
  it('opens with the verdict strip, above the chart and the recommendation details', async () => {
    await openQuickRun();
    const strip = await screen.findByTestId('verdict-strip');
    await waitFor(() => expect(strip.dataset.state).not.toBe('pending'));
    expect(screen.getByTestId('verdict-sentence').textContent).toMatch(
      /^(Use|Not decided yet|No measurable)/,
    );
    expect(screen.getByTestId('verdict-counts').textContent).toContain('quick size');
    const chart = screen.getByTestId('results-chart');
    const details = screen.getByTestId('recommendation-card');
    expect(strip.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(strip.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has a header that says which machine, when, which engine and which Mountbench', async () => {
    await openQuickRun();
    expect(screen.getByTestId('results-machine').textContent).toBe(
      'AMD EPYC · x64 · 2 cores · 24 GiB · Debian GNU/Linux 12 (bookworm)',
    );
    expect(screen.getByTestId('results-engine').textContent).toContain('Docker Engine 20.10.24+dfsg1');
    expect(screen.getByTestId('results-app-version').textContent).toBe('Mountbench 0.1.0');
  });

  it('tables every figure with its spread, per-op time, host ratio and fs type', async () => {
    await openQuickRun();
    const table = screen.getByTestId('results-table');
    expect(
      within(table)
        .getAllByRole('row')
        .filter((r) => r.dataset.testid?.startsWith('results-row-')),
    ).toHaveLength(15);
    const fuse = screen.getByTestId('results-row-docker-engine/fuse/bind-dd-write');
    expect(fuse.textContent).toContain('1.768 s ± 0.242 s');
    expect(fuse.textContent).toContain('fuse');
    expect(fuse.textContent).toContain('5.3× host time');
    expect(
      screen.getByTestId('results-row-docker-engine/native/bind-buffered-read:128').textContent,
    ).toContain('µs/op');
    expect(screen.getByTestId('results-row-host-dd-write').textContent).toContain('outlier');
  });

  it("shows a sync mount's own sync times beside its figures", async () => {
    const synced = {
      ...run,
      results: run.results.map((r) =>
        r.backend.id === 'docker-engine/native/bind' && r.workload.id === 'dd-write'
          ? {
              ...r,
              backend: { ...r.backend, id: 'docker-engine/native/mutagen', mount: 'mutagen' as const },
              sync: {
                tool: 'mutagen' as const,
                initialSeconds: 1.2,
                flushSeconds: [0.3, 0.31, 0.5],
                writeBack: { files: 1, bytes: 20_480_000 },
              },
            }
          : r,
      ),
    };
    const rendered = renderWith(<ResultsView />, createFakeApi({ runs: [synced] }));
    await rendered.stores.setup.getState().load();
    await rendered.stores.results.getState().open(synced.id);
    const note = await screen.findByTestId('results-sync-docker-engine/native/mutagen-dd-write');
    expect(note.textContent).toBe(
      'mutagen: initial sync 1.200 s; write-back flush 310.0 ms median of 3; host holds 1 file (20.5 MB) after the flush',
    );
    // Results without a sync tool have no such note.
    expect(screen.queryByTestId('results-sync-host-dd-write')).toBeNull();
  });

  it("shows the open run's page latency percentiles under the table", async () => {
    const bind = run.results.find((r) => r.backend.id === 'docker-engine/native/bind')!;
    const withPage = {
      ...run,
      results: [
        ...run.results,
        {
          ...bind,
          workload: { id: 'page-reload' as const, size: 'quick' as const, params: {}, case: 'no-edit' },
          derived: { p50Seconds: 0.0443, p95Seconds: 0.196 },
        },
      ],
    };
    const rendered = renderWith(<ResultsView />, createFakeApi({ runs: [withPage] }));
    await rendered.stores.setup.getState().load();
    await rendered.stores.results.getState().open(withPage.id);
    const note = await screen.findByTestId('results-derived-page-reload-docker-engine/native/bind');
    expect(note.textContent).toMatch(/: p50 44\.30 ms, p95 196\.0 ms without an edit$/);
    expect(within(screen.getByTestId('results-derived')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('recommends for the chosen profile, with the action and a disabled apply button that says why', async () => {
    const { user, api } = await openQuickRun();
    expect(screen.getByTestId('recommendation-choice').textContent).toBe('bind mount · native');
    expect(screen.getByTestId('recommendation-action').textContent).toContain('Nothing to change');
    const apply = screen.getByTestId('apply-setting');
    expect(apply).toHaveProperty('disabled', true);
    expect(document.getElementById(apply.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'follow the steps',
    );

    await user.selectOptions(screen.getByTestId('profile-select'), 'rails-php');
    await waitFor(() =>
      expect(screen.getByTestId('recommendation-card').textContent).toContain('Rails/PHP app'),
    );
    expect(api.calls.filter((c) => c.method === 'recommend.forRuns').map((c) => c.args[1])).toEqual([
      'balanced',
      'rails-php',
    ]);
  });

  it('toggles the log scale and hides a backend from the chart, keeping it in the legend', async () => {
    const { user, stores } = await openQuickRun();
    await user.click(screen.getByTestId('results-log-scale'));
    const legend = screen.getByTestId('legend-host');
    await user.click(legend);
    expect(legend.getAttribute('aria-pressed')).toBe('false');
    expect(stores.results.getState()).toMatchObject({ logScale: true, hidden: ['host'] });
  });

  it('exports the core files as downloads', async () => {
    const { user, api } = await openQuickRun();
    await user.click(screen.getByTestId('export-markdown'));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(`Saved mountbench-${run.id}.md.`),
    );
    expect(api.calls.find((c) => c.method === 'results.export')?.args).toEqual([run.id, 'markdown']);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual([`mountbench-${run.id}.md`]);
  });

  it('says plainly when images cannot go on the clipboard', async () => {
    const { user } = await openQuickRun();
    await user.click(screen.getByTestId('export-copy-image'));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toContain('cannot put images on the clipboard'),
    );
  });

  it('says so when a run cannot be opened', async () => {
    const { stores } = renderWith(<ResultsView />);
    await stores.results.getState().open('gone');
    expect((await screen.findByTestId('results-error')).textContent).toBe('no stored run gone');
  });
});

describe('ResultsView with nothing open', () => {
  it('opens the newest stored run that has results, not "No results yet"', async () => {
    const older = { ...structuredClone(run), id: 'older-run', createdAt: '2020-01-01T00:00:00.000Z' };
    const empty = {
      ...structuredClone(run),
      id: 'empty-run',
      createdAt: '2099-01-01T00:00:00.000Z',
      results: [],
      status: 'failed' as const,
    };
    const rendered = renderWith(<ResultsView />, createFakeApi({ runs: [older, run, empty] }));
    await rendered.stores.history.getState().refresh();
    await waitFor(() => expect(rendered.stores.results.getState().run?.id).toBe(run.id));
    // The body follows the store a render behind (ResultsView's comment says why).
    await waitFor(() => expect(screen.queryByTestId('results-empty')).toBeNull());
    expect(await screen.findByTestId('results-run-select')).toHaveProperty('value', run.id);
  });
});
