// An engine that goes away mid-run: the app reaches the engine through a TCP port this flow
// controls (DOCKER_HOST=tcp://127.0.0.1:PORT → the engine's socket), and the port is cut while a
// backend runs. The dashboard must say which backend failed and why, and the run must end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveEngine, socketPathOf } from '../../src/core/engines';
import {
  choose,
  RUN_TIMEOUT_MS,
  showTab,
  startRun,
  tid,
  waitForRunEnd,
  waitForSetup,
} from '../support/dashboard';
import { removeLeftoversOf } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { sandboxDockerEnv } from '../support/no-engine';
import { snap } from '../support/screens';
import { forwardTcpToUnix } from '../support/tcp-forwarder';

// Plenty left to do after the cut, whichever workload it lands in.
const WORKLOADS = ['small-file-read', 'dd-write', 'large-write', 'metadata-walk'];
const MOUNTS = ['tmpfs', 'volume'] as const;

test('errors: the engine goes away mid-run', async ({ launchDashboard }, testInfo) => {
  const { engine, docker } = await resolveEngine(undefined);
  const socket = socketPathOf(engine.endpoint);
  test.skip(
    !socket,
    `the current engine (${engine.endpoint}) is not a unix socket this flow can stand in front of`,
  );
  const forwarder = await forwardTcpToUnix(socket as string);
  const home = mkdtempSync(join(tmpdir(), 'mountbench-e2e-home-'));
  let ownerPid: number | null = null;
  try {
    const env = sandboxDockerEnv(home, `tcp://127.0.0.1:${forwarder.port}`);
    const app = await launchDashboard({ name: 'engine-gone', env });
    const { page } = app;
    ownerPid = app.ownerPid;
    await waitForSetup(page);
    // The engine the run will use is the one behind the forwarder (DOCKER_HOST: the current one).
    await expect(tid(page, 'engine-radio-default')).toBeChecked();
    await expect(tid(page, 'engine-default')).toContainText(`tcp://127.0.0.1:${forwarder.port}`);

    await choose(page, { preset: 'quick', workloads: WORKLOADS, mounts: [...MOUNTS] });
    await startRun(page);
    const first = page.locator('[data-testid^="backend-state-"]').first();
    await expect(first).toHaveAttribute('data-state', /^(warmup|running)$/, { timeout: RUN_TIMEOUT_MS });
    const backendTestId = (await first.getAttribute('data-testid')) as string;
    expect(forwarder.connections()).toBeGreaterThan(0);

    await forwarder.cut();

    // The run ends, the backend that was running failed with the reason, and the run says it failed.
    const status = await waitForRunEnd(page);
    expect(status).not.toBe('Running');
    expect(status).not.toBe('Cancelled');
    const backend = tid(page, backendTestId);
    await expect(backend).toHaveAttribute('data-state', 'failed');
    // In the words of the connection that broke (the engine refused or dropped it).
    await expect(backend).toContainText(/failed: .*(ECONNREFUSED|ECONNRESET|socket hang up|engine)/i);
    await expect(tid(page, 'run-cancel')).toHaveCount(0);
    await expect(tid(page, 'run-log')).toContainText(/fail|error|refused|engine/i);
    // No backend is left looking busy.
    const states = await page
      .locator('[data-testid^="backend-state-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
    expect(states.every((s) => s === 'failed' || s === 'done' || s === 'not-run')).toBe(true);
    await snap(testInfo, page, 'errors-engine-gone');

    // It is stored with its errors.
    await showTab(page, 'history');
    await expect(page.locator('[data-testid^="history-row-"]').first()).toContainText('error(s)');
  } finally {
    await forwarder.cut();
    // The app could not clean up through a port that is gone; remove what it left on the real
    // engine, as `mountbench cleanup` would, so the machine is left as it was found.
    if (ownerPid !== null) {
      const left = await removeLeftoversOf(docker, ownerPid);
      await testInfo.attach('left-on-the-engine.json', {
        body: JSON.stringify(left, null, 2),
        contentType: 'application/json',
      });
    }
    rmSync(home, { recursive: true, force: true });
  }
});
