// A corrupted import file: a clear error naming the file and what is wrong, and nothing stored.
import { readdir } from 'node:fs/promises';
import { showTab, tid, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/screens';

// Result files only: the store's own summary index (a dot file) may appear whenever History lists.
const storedFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));

test('errors: a corrupted import file is refused and nothing is stored', async ({ dashboard }, testInfo) => {
  const { page, resultsDir } = dashboard;
  await waitForSetup(page);
  const before = await storedFiles(resultsDir);
  await showTab(page, 'history');
  await expect(tid(page, 'history-table').or(tid(page, 'history-empty'))).toBeVisible();
  const historyRows = page.locator('[data-testid^="history-row-"]');
  const rowsBefore = await historyRows.count();

  await showTab(page, 'compare');
  // Cut short mid-write: not even JSON.
  await tid(page, 'import-input').setInputFiles({
    name: 'truncated.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"schema":"mountbench-run","version":1,"id":"20261130-0000'),
  });
  await expect(tid(page, 'import-error')).toContainText(
    'truncated.json is not a valid Mountbench result file',
  );
  await expect(tid(page, 'import-status')).toHaveCount(0);
  await snap(testInfo, page, 'errors-import', { fullPage: false });

  // JSON, but not a result file: the error says which field is wrong.
  await tid(page, 'import-input').setInputFiles({
    name: 'not-a-result.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ schema: 'mountbench-run', version: 1, id: 'x', results: 'none' })),
  });
  await expect(tid(page, 'import-error')).toContainText(
    'not-a-result.json is not a valid Mountbench result file:',
  );
  await expect(tid(page, 'import-error')).toContainText(/results|createdAt|machine/);

  // Nothing was stored or compared.
  await expect(tid(page, 'compare-empty')).toBeVisible();
  expect(await storedFiles(resultsDir)).toEqual(before);
  await showTab(page, 'history');
  await expect(historyRows).toHaveCount(rowsBefore);
});
