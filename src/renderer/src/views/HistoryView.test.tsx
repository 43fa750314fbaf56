// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
import { IMPORT_ERRORS } from '../test-support/recorded-api-data';
import { FAILED_RUN, QUICK_RUN } from '../test-support/recorded-runs';
import { renderWith } from '../test-support/render';
import { HistoryView } from './HistoryView';

const quick = runFileOf(QUICK_RUN);
const failed = runFileOf(FAILED_RUN);

async function renderHistory(runs = [quick, failed]) {
  const rendered = renderWith(<HistoryView />, createFakeApi({ runs }));
  await rendered.stores.history.getState().refresh();
  return rendered;
}

describe('HistoryView', () => {
  it('lists the runs newest first', async () => {
    await renderHistory();
    const rows = (await screen.findAllByRole('row')).filter((r) =>
      r.dataset.testid?.startsWith('history-row-'),
    );
    expect(rows.map((r) => r.dataset.testid)).toEqual([
      `history-row-${failed.id}`,
      `history-row-${quick.id}`,
    ]);
    expect(rows[0].textContent).toContain('1 error(s)');
  });

  it('labels each run by what it compared, and marks a run in which nothing ran', async () => {
    const empty = { ...structuredClone(quick), id: 'nothing-ran', results: [], status: 'failed' as const };
    await renderHistory([quick, empty]);
    expect((await screen.findByTestId(`history-label-${quick.id}`)).textContent).toBe(
      'bind mount · native vs tmpfs vs bind mount · FUSE share (bindfs) + 1 more · 3 workloads',
    );
    expect(screen.getByTestId('history-empty-nothing-ran').textContent).toBe('empty: nothing ran');
  });

  it('opens a run in the results view', async () => {
    const { user, stores } = await renderHistory();
    await user.click(await screen.findByTestId(`history-open-${quick.id}`));
    expect(stores.nav.getState().tab).toBe('results');
    await waitFor(() => expect(stores.results.getState().run?.id).toBe(quick.id));
  });

  it('deletes only after the confirmation, and Keep keeps it', async () => {
    const { user, api } = await renderHistory();
    await user.click(await screen.findByTestId(`history-delete-${quick.id}`));
    await user.click(screen.getByTestId(`history-keep-${quick.id}`));
    expect(api.stored.has(quick.id)).toBe(true);
    await user.click(screen.getByTestId(`history-delete-${quick.id}`));
    await user.click(screen.getByTestId(`history-confirm-delete-${quick.id}`));
    await waitFor(() => expect(screen.queryByTestId(`history-row-${quick.id}`)).toBeNull());
    expect(api.stored.has(quick.id)).toBe(false);
  });

  it("cancels the inline delete with Esc, and says each run's size and how long it took", async () => {
    const { user, api } = await renderHistory();
    expect((await screen.findByTestId(`history-size-${quick.id}`)).textContent).toBe('quick');
    expect(screen.getByTestId(`history-took-${quick.id}`).textContent).toMatch(/^\d+ (s|min \d+ s)$/);
    await user.click(screen.getByTestId(`history-delete-${quick.id}`));
    expect(document.activeElement).toBe(screen.getByTestId(`history-keep-${quick.id}`));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId(`history-confirm-delete-${quick.id}`)).toBeNull();
    expect(screen.queryByTestId(`history-delete-${quick.id}`)).not.toBeNull();
    expect(api.stored.has(quick.id)).toBe(true);
  });

  it("names each run's answer per role, as the Balanced verdict words it, and a dash without one", async () => {
    await renderHistory();
    const winner = await screen.findByTestId(`history-winner-${quick.id}`);
    expect(winner.textContent).toBe('Source tree: bind mount · native (fastest, measurably)');
    expect(winner.dataset.state).toBe('decided');
    expect(screen.getByTestId(`history-winner-${failed.id}`).textContent).toBe('—');
  });

  it('marks a run of another machine as imported, and not the runs measured here', async () => {
    const theirs = { ...quick, id: 'run-of-alice', machine: { ...quick.machine, chip: 'Apple M1 Pro' } };
    await renderHistory([quick, theirs]);
    expect((await screen.findByTestId('history-imported-run-of-alice')).textContent).toBe(
      'imported · another machine',
    );
    expect(screen.queryByTestId(`history-imported-${quick.id}`)).toBeNull();
  });

  it('opens two ticked runs, and only them, in Compare', async () => {
    const { user, stores } = await renderHistory();
    stores.compare.getState().togglePublished('published:umitron-2021/m1pro-2021');
    const button = await screen.findByTestId('history-compare');
    await user.click(screen.getByTestId(`history-select-${quick.id}`));
    expect(button).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId(`history-select-${failed.id}`));
    expect(button).toHaveProperty('disabled', false);
    expect(button.textContent).toBe('Compare selected (2)');
    await user.click(button);
    expect(stores.nav.getState().tab).toBe('compare');
    await waitFor(() => expect(stores.compare.getState().runIds).toEqual([quick.id, failed.id]));
    expect(stores.compare.getState().publishedKeys).toEqual([]);
  });

  it("refuses a bad file from its import box with the core's words, and stores nothing", async () => {
    const { user, api } = await renderHistory();
    await user.upload(
      await screen.findByTestId('import-input'),
      new File(['{"schema":"mountbench-run","version":1}'], 'bad.json', { type: 'application/json' }),
    );
    expect((await screen.findByTestId('import-error')).textContent).toBe(IMPORT_ERRORS['bad.json']);
    expect([...api.stored.keys()].sort()).toEqual([quick.id, failed.id].sort());
    expect(screen.getAllByTestId(/^history-row-/)).toHaveLength(2);
  });

  it('imports a good file from its import box and lists it', async () => {
    const { user } = await renderHistory([failed]);
    await user.upload(
      await screen.findByTestId('import-input'),
      new File([JSON.stringify(quick)], 'alice.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId(`history-row-${quick.id}`)).toBeTruthy();
    expect(screen.getByTestId('import-status').textContent).toBe(`Imported alice.json as run ${quick.id}.`);
  });

  it('says when there is nothing stored', async () => {
    await renderHistory([]);
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No stored runs yet');
  });
});
