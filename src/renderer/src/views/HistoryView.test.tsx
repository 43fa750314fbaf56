// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
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

  it('says when there is nothing stored', async () => {
    await renderHistory([]);
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No stored runs yet');
  });
});
