// "Apply this setting" is a job the page can lose and find again. An apply is started over the
// WebSocket transport of `mountbench serve` (the dashboard's own client, with the page's token), against a stand-in Docker Desktop (test/stand-ins: a sandbox home with its
// real-format settings file and stand-in CLIs whose engine is the local dockerd). The page is
// reloaded mid-restart: it rejoins the apply the core still has, shows its id, cancels it by that
// id, and the settings file is back byte for byte.
import { readFileSync } from 'node:fs';
import { RUN_TIMEOUT_MS, tid, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { benchImage } from '../support/sandbox-dirs';
import { snap } from '../support/screens';
import { nodeWsClient } from '../../test/integration/transport-contract-node-socket';
import { createStandinSandbox, DD_SETTINGS_DIR } from '../../test/stand-ins/sandbox';

test('apply over the WebSocket: a reloaded page rejoins it and cancels it by its id; settings put back', async ({
  launchDashboard,
  appMode,
}, testInfo) => {
  test.skip(appMode !== 'serve', 'starts the apply over the WebSocket of `mountbench serve`');
  // Docker Desktop takes 10 s to start here: the reload and the cancel land while apply waits for it.
  const sb = createStandinSandbox({
    dockerDesktop: 'settings-store-json-4.35',
    env: { MOUNTBENCH_IMAGE: benchImage(), STANDIN_DOCKER_DESKTOP_START_MS: '10000' },
  });
  try {
    const settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
    const before = readFileSync(settings);
    const { MOUNTBENCH_DATA_DIR: _data, MOUNTBENCH_CACHE_DIR: _cache, ...env } = sb.env;
    const { page } = await launchDashboard({ name: 'apply-rejoin', env });
    await waitForSetup(page);

    // The dashboard's own WebSocket client (ws-client.ts, on Node's socket), with the page's token.
    const token = (await page.locator('meta[name="mountbench-token"]').getAttribute('content')) ?? '';
    const client = nodeWsClient(new URL(page.url()).origin, token);
    let applyId: string;
    try {
      ({ jobId: applyId } = await client.jobs.start({
        kind: 'apply',
        provider: 'docker-desktop',
        variant: 'vz-grpcfuse',
      }));
    } finally {
      client.close();
    }
    expect(applyId).toMatch(/^[A-Za-z0-9-]+$/);

    await page.reload();
    await expect(tid(page, 'panel-run')).toBeVisible();
    const job = tid(page, 'apply-job');
    await expect(job).toHaveAttribute('data-apply-id', applyId);
    await expect(tid(page, 'apply-progress')).toContainText('Restarting');
    expect(readFileSync(settings).equals(before)).toBe(false);
    await snap(testInfo, page, 'apply-rejoined');

    await tid(page, 'apply-cancel').click();
    await expect(tid(page, 'apply-result-message')).toHaveText(
      'the switch was cancelled. The original settings were put back.',
      { timeout: RUN_TIMEOUT_MS },
    );
    await expect(tid(page, 'apply-result-failed')).toBeVisible();
    expect(readFileSync(settings).equals(before)).toBe(true);
  } finally {
    await sb.remove();
  }
});
