// Compose Watch as a sync mount, through the docker-compose STAND-IN of test/stand-ins (no Compose
// with `watch` can be installed here: Debian's docker-compose is 1.29). With it on the dashboard's
// PATH the mount is offered; a quick run measures it on the real engine and Results say it is a
// one-way copy, with no write-back to time.
import { choose, RUN_TIMEOUT_MS, startRun, tid, waitForSetup } from '../support/dashboard';
import { currentEngine, leftoversOf } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { benchImage } from '../support/sandbox-dirs';
import { snap } from '../support/screens';
import { createStandinSandbox } from '../../test/stand-ins/sandbox';

test('compose-watch (stand-in): offered with Compose on PATH, measured, shown as one-way', async ({
  launchDashboard,
}, testInfo) => {
  const sb = createStandinSandbox({ composeWatch: true, env: { MOUNTBENCH_IMAGE: benchImage() } });
  try {
    const { MOUNTBENCH_DATA_DIR: _data, MOUNTBENCH_CACHE_DIR: _cache, ...env } = sb.env;
    const { page, ownerPid } = await launchDashboard({ name: 'compose-watch', env });
    await waitForSetup(page);
    await expect(tid(page, 'mount-checkbox-compose-watch')).toBeEnabled();
    await choose(page, { preset: 'quick', workloads: ['dd-write'], mounts: ['compose-watch'] });
    await expect(tid(page, 'setup-backends-preview').locator('li')).toHaveCount(1);
    await startRun(page);

    await expect(tid(page, 'panel-results')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
    await expect(tid(page, 'results-header')).toContainText('completed');
    const rows = page.locator('[data-testid^="results-row-"][data-testid$="-dd-write"]');
    await expect(rows).toHaveCount(1);
    const note = page.locator('[data-testid^="results-sync-"]');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText('one-way copy: no write-back to the host');
    await snap(testInfo, page, 'compose-watch-results');
    // Results open at the answer, before the clean-up: nothing is left once it has ended.
    await expect(tid(page, 'tab-run').getByRole('img', { name: '(a run is in progress)' })).toHaveCount(0, {
      timeout: RUN_TIMEOUT_MS,
    });
    expect(await leftoversOf(await currentEngine(), ownerPid)).toEqual({ containers: [], volumes: [] });
  } finally {
    await sb.remove();
  }
});
