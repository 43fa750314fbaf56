// Cancel mid-run: the dashboard says the run was cancelled, and nothing this app process made is
// left on the engine (containers and volumes carry `mountbench=1` and its owner label) nor in its
// fixture folders.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  choose,
  RUN_TIMEOUT_MS,
  showTab,
  startRun,
  tid,
  waitForRunEnd,
  waitForSetup,
} from '../support/dashboard';
import { currentEngine, leftoversOf } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/screens';

// Enough work that the run is surely still going when Cancel is pressed: the click waits for the
// first sample, and five workloads on two backends follow it.
const WORKLOADS = ['small-file-read', 'dd-write', 'large-write', 'metadata-walk', 'site-build'];

test('cancel mid-run: the UI says cancelled and nothing of the run is left on the engine', async ({
  dashboard,
}, testInfo) => {
  const { page, ownerPid } = dashboard;
  const docker = await currentEngine();
  await waitForSetup(page);
  await choose(page, { preset: 'quick', workloads: WORKLOADS, mounts: ['bind', 'volume'] });
  await startRun(page);

  await expect
    .poll(async () => Number((await tid(page, 'run-progress').getAttribute('aria-valuenow')) ?? 0), {
      timeout: RUN_TIMEOUT_MS,
    })
    .toBeGreaterThan(0);
  await expect(tid(page, 'run-status')).toHaveText('Running');
  // The check below can see what this app made: while it runs, its bench container is there.
  await expect
    .poll(async () => (await leftoversOf(docker, ownerPid)).containers.length, { timeout: RUN_TIMEOUT_MS })
    .toBeGreaterThan(0);

  await tid(page, 'run-cancel').click();
  const status = await waitForRunEnd(page);
  expect(status).toBe('Cancelled');
  await expect(tid(page, 'run-finished')).toContainText('The run was cancelled');
  await expect(tid(page, 'run-cancel')).toHaveCount(0);
  // The bar says how far it got, not that the plan was done.
  expect(Number(await tid(page, 'run-progress').getAttribute('aria-valuenow'))).toBeLessThan(100);
  // Backends that never got to run say so; none is left "running".
  const states = await page
    .locator('[data-testid^="backend-state-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
  expect(states.length).toBeGreaterThan(0);
  expect(states.filter((s) => s === 'running' || s === 'warmup' || s === 'fixture')).toEqual([]);
  await snap(testInfo, page, 'cancel-cancelled');

  // Nothing labelled mountbench=1 by this process is left, and its fixture folders are gone.
  expect(await leftoversOf(docker, ownerPid)).toEqual({ containers: [], volumes: [] });
  const runFolders = await readdir(join(dashboard.cacheDir, 'runs')).catch(() => [] as string[]);
  expect(runFolders).toEqual([]);

  // It is stored as cancelled.
  await showTab(page, 'history');
  await expect(page.locator('[data-testid^="history-row-"]').first()).toContainText('cancelled');
});
