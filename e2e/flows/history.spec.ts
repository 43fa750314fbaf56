// History: import from here (a bad file refused with nothing stored; a colleague's file and one of
// another Mac stored), the runs told apart (winner, imported mark), and two ticked runs opened
// together in Compare.
import { readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { showTab, tid, waitForRecommendation, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/screens';

// Result files only: the store's own summary index (a dot file) may appear whenever History lists.
const storedFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));

test('history: import from here, winner and imported mark, compare two runs', async ({
  dashboard,
  resultFiles,
}, testInfo) => {
  const [file] = await resultFiles();
  const { page, resultsDir } = dashboard;
  // The same run as a colleague's on another Mac would carry it: another chip, another id.
  const run = JSON.parse(readFileSync(file.path, 'utf8')) as { id: string; machine: Record<string, unknown> };
  const otherId = `${run.id}-m1`;
  const otherPath = testInfo.outputPath('colleague-m1.json');
  writeFileSync(
    otherPath,
    JSON.stringify({ ...run, id: otherId, machine: { ...run.machine, chip: 'Apple M1 Pro', arch: 'arm64' } }),
  );

  await waitForSetup(page);
  await showTab(page, 'history');
  await expect(tid(page, 'history-compare')).toBeDisabled();
  const rows = page.locator('[data-testid^="history-row-"]');
  const rowsBefore = await rows.count();
  const filesBefore = await storedFiles(resultsDir);

  // A bad file, from History's own import box: the core's words, and nothing stored.
  await tid(page, 'import-input').setInputFiles({
    name: 'half.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"schema":"mountbench-run","version":1,"id":"2026'),
  });
  await expect(tid(page, 'import-error')).toContainText('half.json is not a valid Mountbench result file');
  await expect(rows).toHaveCount(rowsBefore);
  expect(await storedFiles(resultsDir)).toEqual(filesBefore);

  // Two good ones: both listed; only the other Mac's is marked as imported from elsewhere.
  for (const [path, id] of [
    [file.path, file.runId],
    [otherPath, otherId],
  ]) {
    await tid(page, 'import-input').setInputFiles(path);
    await expect(tid(page, 'import-status')).toContainText(id);
    await expect(tid(page, `history-row-${id}`)).toBeVisible();
  }
  await expect(tid(page, 'import-error')).toHaveCount(0);
  await expect(tid(page, `history-imported-${otherId}`)).toHaveText('imported · another machine');
  await expect(tid(page, `history-imported-${file.runId}`)).toHaveCount(0);

  // The winner column says what the Results verdict says for the same run, one line per role.
  const winner = tid(page, `history-winner-${file.runId}`);
  await expect(winner).toHaveAttribute('data-state', /^(decided|only|tie|undecided)$/);
  const firstLine = (await tid(page, `history-winner-line-${file.runId}`).first().textContent()) ?? '';
  await snap(testInfo, page, 'history', { fullPage: false });
  await tid(page, `history-open-${file.runId}`).click();
  await waitForRecommendation(page);
  const label =
    /^(?:Source tree|Container-only data): (?:not decided yet \((.+) for now\)|(.+?) \((?:fastest, measurably|only option measured: nothing to compare it with|equivalent: the simplest)\))$/.exec(
      firstLine,
    );
  const named = label?.[1] ?? label?.[2] ?? '';
  expect(named).not.toBe('');
  await expect(tid(page, 'verdict-sentence')).toContainText(named);

  // Tick both and compare them: Compare shows those two runs and nothing else.
  await showTab(page, 'history');
  await tid(page, `history-select-${file.runId}`).check();
  await expect(tid(page, 'history-compare')).toBeDisabled();
  await tid(page, `history-select-${otherId}`).check();
  await expect(tid(page, 'history-compare')).toHaveText('Compare selected (2)');
  await tid(page, 'history-compare').click();
  await expect(tid(page, 'panel-compare')).toBeVisible();
  await expect(tid(page, `compare-run-${file.runId}`)).toBeChecked();
  await expect(tid(page, `compare-run-${otherId}`)).toBeChecked();
  await expect(page.locator('[data-testid^="compare-run-"]:checked')).toHaveCount(2);
  await expect(page.locator('[data-testid^="compare-published-published:"]:checked')).toHaveCount(0);
  await expect(tid(page, 'compare-table').locator('tbody')).toHaveCount(2);
});
