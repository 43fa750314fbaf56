// What "Benchmark my setup" does with its defaults, decided by Setup's plan (shared/setup-plan.ts):
// (a) a Mac-shaped home (test/stand-ins: a stand-in Docker Desktop with its real-format settings
//     file, started, its engine the local dockerd) proposes the sweep of Docker Desktop's settings,
//     the current one first, the restarts counted in the one total and listed before anything
//     restarts; "Measure only what runs now" is one click;
// (b) the plain Linux engine says in one line there is nothing to choose for the source tree;
// (c) DOCKER_HOST at a socket nobody listens on, the system socket answering: Setup refuses, says
//     why, and offers the system engine by name; once picked, the run is measured there.
// In each, the button is on the first screen; the Tab stops before it are printed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SYSTEM_SOCKET_PATH } from '../../src/core/engines';
import { choose, RUN_TIMEOUT_MS, startRun, tid, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { sandboxDockerEnv } from '../support/no-engine';
import { benchImage } from '../support/sandbox-dirs';
import { snap } from '../support/screens';
import { createStandinSandbox, DD_SETTINGS_DIR } from '../../test/stand-ins/sandbox';

/** The button is within the first screen, and how many Tab stops come before it (printed). */
async function buttonOnFirstScreen(page: Page, label: string): Promise<void> {
  const button = tid(page, 'setup-benchmark-button');
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y + box.height <= viewport.height).toBe(true);
  // In the page as a string: the flows' tsconfig has no DOM types. Counted by document order, so a
  // disabled button (not a Tab stop itself) is placed too.
  const before = Number(
    await page.evaluate(`(() => {
      const target = document.querySelector('[data-testid="setup-benchmark-button"]');
      const tabbable = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
        .filter((el) => !el.disabled && el.tabIndex >= 0 && el.offsetParent !== null);
      return tabbable.filter((el) => el.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING).length;
    })()`),
  );
  console.log(`setup-plan ${label}: ${before} Tab stops before "Benchmark my setup"`);
  // The tab row (one stop: arrows move within it) and, at most, the refused engine's offers.
  expect(before).toBeLessThanOrEqual(3);
}

test('setup plan (a): a Mac-shaped home proposes the sweep of Docker Desktop settings by default', async ({
  launchDashboard,
}, testInfo) => {
  const sb = createStandinSandbox({
    dockerDesktop: 'settings-store-json-4.35',
    env: { MOUNTBENCH_IMAGE: benchImage() },
  });
  try {
    const settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
    const before = readFileSync(settings);
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    const { MOUNTBENCH_DATA_DIR: _data, MOUNTBENCH_CACHE_DIR: _cache, ...env } = sb.env;
    const { page } = await launchDashboard({ name: 'setup-plan-mac', env });
    await waitForSetup(page);

    // Nothing picked: the defaults compare the settings, the one set now first.
    await expect(tid(page, 'setup-plan-headline')).toHaveText(
      /^Compares Docker Desktop's file-sharing settings: VZ \+ VirtioFS, VZ \+ gRPC FUSE, .* \(the one set now first\)\.$/,
    );
    await expect(tid(page, 'setup-estimate')).toHaveText(
      /^About .+ in all, counting \d+ restarts of Docker Desktop \(about .+\)\./,
    );
    await expect(tid(page, 'sweep-dry-run-restarts')).toContainText('Docker Desktop restarts');
    await expect(tid(page, 'sweep-dry-run-variants')).toContainText(
      'VZ + VirtioFS: as set now, measured first',
    );
    await expect(tid(page, 'sweep-dry-run-variants')).toContainText(
      'VZ + gRPC FUSE: switched to, then measured',
    );
    await expect(tid(page, 'setup-benchmark-button')).toBeEnabled();
    await buttonOnFirstScreen(page, '(a) Docker Desktop');
    await snap(testInfo, page, 'setup-plan-mac-sweep');

    // One click asks before anything restarts, with the same total.
    const total = await tid(page, 'setup-estimate').textContent();
    await tid(page, 'setup-benchmark-button').click();
    await expect(tid(page, 'sweep-confirm')).toBeVisible();
    await expect(tid(page, 'sweep-confirm-restarts')).toContainText('Docker Desktop restarts');
    await expect(tid(page, 'sweep-confirm-total')).toHaveText(total ?? '');
    await snap(testInfo, page, 'setup-plan-mac-confirm');
    await tid(page, 'sweep-confirm-cancel').click();
    expect(readFileSync(settings).equals(before)).toBe(true);

    // The other way is one click: the setting as it is, nothing restarts.
    await tid(page, 'setup-measure-now').click();
    await expect(tid(page, 'setup-plan-headline')).toHaveText(
      'Measures only what runs now (VZ + VirtioFS): no setting is switched, nothing restarts.',
    );
    await expect(tid(page, 'sweep-dry-run')).toContainText('restarts nothing');
    await expect(tid(page, 'setup-compare-settings')).toBeVisible();
  } finally {
    await sb.remove();
  }
});

test('setup plan (b): the plain Linux engine has nothing to choose for the source tree', async ({
  dashboard,
}, testInfo) => {
  const { page } = dashboard;
  await waitForSetup(page);
  await expect(tid(page, 'setup-plan-headline')).toHaveText(
    'Nothing to choose for the source tree: a Linux engine serves bind mounts natively, with no file-sharing setting; what there is to choose is where dependencies and caches live: named volume, container layer or tmpfs, against the bind mount.',
  );
  await expect(tid(page, 'setup-measure-now')).toHaveCount(0);
  await expect(tid(page, 'setup-estimate')).toHaveText(/^About .+ in all\./);
  await expect(tid(page, 'setup-benchmark-button')).toBeEnabled();
  await buttonOnFirstScreen(page, '(b) Linux engine');
  await snap(testInfo, page, 'setup-plan-linux');
});

test('setup plan (c): a DOCKER_HOST that does not answer is refused, the system engine offered', async ({
  launchDashboard,
}, testInfo) => {
  const home = mkdtempSync(join(tmpdir(), 'mountbench-e2e-home-'));
  try {
    const dead = '/var/run/mountbench-e2e-dead-docker-host.sock';
    const { page } = await launchDashboard({
      name: 'setup-plan-dead-host',
      env: sandboxDockerEnv(home, `unix://${dead}`),
    });
    await waitForSetup(page);
    await expect(tid(page, 'engine-default')).toContainText('Not reachable');
    await expect(tid(page, 'engine-system')).toContainText(`unix://${SYSTEM_SOCKET_PATH}`);
    // Refused, with why: nothing runs on the system engine unless it is picked.
    await expect(tid(page, 'setup-engine-refused')).toContainText(
      `The engine "default" (unix://${dead}) does not answer`,
    );
    await expect(tid(page, 'setup-engine-refused')).toContainText(
      'DOCKER_HOST names it, so nothing runs on another engine in its place',
    );
    await expect(tid(page, 'setup-plan-headline')).toHaveText(
      'Nothing runs on "default" until it answers, or until you pick another engine.',
    );
    await expect(tid(page, 'setup-benchmark-button')).toBeDisabled();
    await expect(tid(page, 'setup-estimate')).toHaveCount(0);
    await expect(tid(page, 'engine-asked-default')).toBeVisible();
    await expect(tid(page, 'engine-radio-system')).not.toBeChecked();
    await buttonOnFirstScreen(page, '(c) dead DOCKER_HOST');
    await snap(testInfo, page, 'setup-plan-dead-docker-host');

    // Picked by name, it is the engine measured.
    await tid(page, 'setup-use-engine-system').click();
    await expect(tid(page, 'setup-engine-refused')).toHaveCount(0);
    await expect(tid(page, 'engine-radio-system')).toBeChecked();
    await expect(tid(page, 'setup-estimate')).toHaveText(/^About .+ in all\./);
    await choose(page, { preset: 'quick', workloads: ['dd-write'], mounts: ['bind'] });
    await startRun(page);
    await expect(tid(page, 'panel-results')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
    await expect(tid(page, 'results-engine')).toContainText('(engine “system”');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
