// A sweep over two settings that are one share (an A/A pair), measured while the machine's load
// rose under the settings still to come: its answer must not call either faster. The file is a real
// bracketed sweep of the Docker Desktop stand-in (test/fixtures/runs/README.md says how it was
// recorded), imported as a colleague's would be. History, the verdict strip and the card say "no
// measurable difference" with the drift the sweep measured, and Results gives each setting's two
// passes. A quiet A/A sweep whose intervals were too wide for the margin says how fine it saw.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFileSchema } from '../../src/shared/result-schema';
import { showTab, tid, waitForRecommendation, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { snap } from '../support/screens';
import type { Page } from '@playwright/test';

const FILE = join(REPO_ROOT, 'test', 'fixtures', 'runs', 'sweep-aa-rising-load.json');
const QUIET = join(REPO_ROOT, 'test', 'fixtures', 'runs', 'sweep-aa-quiet.json');

/**
 * Imports a recorded sweep in History as a colleague's file would be, checks its line there, and
 * opens it in Results: both settings bracketed and measured beside the control, as a default sweep
 * saves them.
 */
async function importAndOpen(page: Page, file: string, historyLine: RegExp): Promise<void> {
  const run = runFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  expect(run.results.every((r) => r.passCheck?.second.samples && r.control?.backendId === 'host')).toBe(true);
  await waitForSetup(page);
  await showTab(page, 'history');
  await tid(page, 'import-input').setInputFiles(file);
  await expect(tid(page, 'import-status')).toContainText(run.id);
  await expect(tid(page, `history-winner-${run.id}`)).toHaveText(historyLine);
  await tid(page, `history-open-${run.id}`).click();
  await waitForRecommendation(page);
}

test('sweep drift: an A/A sweep under a rising load ends on "no measurable difference", with the drift on screen', async ({
  dashboard,
}, testInfo) => {
  const { page } = dashboard;
  await importAndOpen(
    page,
    FILE,
    /^Source tree: bind mount · .+ \(no measurable difference beyond the drift between passes \(\d+\.\d\d×\): the simplest\)$/,
  );
  await expect(tid(page, 'verdict-strip')).toHaveAttribute('data-state', 'tie');
  await expect(tid(page, 'verdict-sentence')).toHaveText(
    /^No measurable difference beyond the drift (between passes|the host baseline showed) \(\d+\.\d\d×\): /,
  );
  await expect(tid(page, 'recommendation-verdict')).toHaveText(
    /^No measurable difference beyond the drift .+: the machine drifted more than the settings differ, the simplest is chosen$/,
  );
  await expect(tid(page, 'recommendation-reason')).toContainText(
    'differ by no more than the machine drifted',
  );
  await expect(tid(page, 'recommendation-verdict')).not.toHaveText(/Fastest/);
  // Each setting's runs: the first pass's, and the second pass's beside them.
  const runs = page.getByTestId('results-runs');
  await expect(runs).toHaveCount(2);
  for (const cell of await runs.all())
    await expect(cell).toHaveText(/^\d+( \(\w+\))? \+ \d+ in the second pass$/);
  await snap(testInfo, tid(page, 'recommendation-card'), 'sweep-drift-verdict');
});

test('sweep resolution: a quiet A/A sweep too coarse for the margin ends on "no measurable difference" with how fine it saw, and offers no "Keep measuring"', async ({
  dashboard,
}, testInfo) => {
  const { page } = dashboard;
  await importAndOpen(
    page,
    QUIET,
    /^Source tree: bind mount · .+ \(no measurable difference within what this sweep can resolve \(about \d+ %\): the simplest\)$/,
  );
  await expect(tid(page, 'verdict-strip')).toHaveAttribute('data-state', 'tie');
  await expect(tid(page, 'verdict-sentence')).toHaveText(
    /^No measurable difference within what this sweep can resolve \(about \d+ %\): use bind mount · .+, the simplest of 2\.$/,
  );
  await expect(tid(page, 'recommendation-verdict')).toHaveText(
    /^No measurable difference within what this sweep can resolve \(about \d+ %\): the simplest is chosen; a Standard sweep sees finer differences$/,
  );
  await expect(tid(page, 'recommendation-reason')).toContainText('cannot sample on to narrow it');
  // A sweep cannot race on across restarts: nothing offers to.
  await expect(tid(page, 'keep-measuring')).toHaveCount(0);
  await expect(tid(page, 'recommendation-verdict')).not.toHaveText(/Fastest|Equivalent|Not decided/);
  await snap(testInfo, tid(page, 'recommendation-card'), 'sweep-resolution-verdict');
});
