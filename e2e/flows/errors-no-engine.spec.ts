// No reachable engine: the dashboard says so and what to start, offers only what can still run
// (the host baseline), and refuses to start a run that has nothing to run on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTAINER_MOUNTS, choose, RUN_TIMEOUT_MS, startRun, tid, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { noEngineSetup } from '../support/no-engine';
import { snap } from '../support/screens';

test('errors: no reachable engine', async ({ launchDashboard }, testInfo) => {
  const home = mkdtempSync(join(tmpdir(), 'mountbench-e2e-home-'));
  try {
    const setup = noEngineSetup(home);
    if ('reason' in setup) {
      test.skip(true, setup.reason);
      return;
    }
    const { page } = await launchDashboard({
      name: 'no-engine',
      env: setup.env,
      hideFolder: setup.hideFolder,
    });
    await waitForSetup(page);

    // The engine DOCKER_HOST names is listed, unreachable, with why; nothing else answers.
    await expect(tid(page, 'engine-default')).toContainText('Not reachable');
    await expect(tid(page, 'engine-radio-default')).toBeDisabled();
    await expect(page.locator('[data-testid^="engine-radio-"]:enabled')).toHaveCount(0);
    await expect(tid(page, 'no-engine-help')).toBeVisible();
    await expect(tid(page, 'no-engine-help')).toContainText('No engine answers');
    // Container backends need an engine; the host baseline does not.
    for (const mount of CONTAINER_MOUNTS) await expect(tid(page, `mount-checkbox-${mount}`)).toBeDisabled();
    await expect(tid(page, 'mount-checkbox-host')).toBeEnabled();
    await snap(testInfo, page, 'errors-no-engine');

    // Without the host baseline there is nothing to run: the button says why and stays disabled.
    await tid(page, 'mount-checkbox-host').uncheck();
    await expect(tid(page, 'setup-problem')).toHaveText(
      'No engine answers: tick the host baseline, or start an engine.',
    );
    await expect(tid(page, 'setup-benchmark-button')).toBeDisabled();

    // The host baseline still runs, and its results say there was no engine.
    await choose(page, { preset: 'quick', workloads: ['dd-write'], mounts: ['host'] });
    await startRun(page);
    await expect(tid(page, 'panel-results')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
    await expect(tid(page, 'results-engine')).toHaveText('host baseline only (no engine)');
    await expect(tid(page, 'results-row-host-dd-write')).toBeVisible();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
