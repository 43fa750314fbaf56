// Trying other file-sharing settings from Setup. (a) The plain local engine: its variants are
// Mountbench's own ways of serving a bind mount, so the dry run honestly restarts nothing.
// (b) A stand-in Docker Desktop (test/stand-ins: a sandbox home with its real-format settings file
// and stand-in CLIs whose engine is the local dockerd): the dry run lists the restart and a running
// container by name, the user confirms, and each Mac variant is refused by verification (bind
// mounts here are ext4: the stand-in's FUSE share, STANDIN_DD_SHARED_DIR, is left off)
// with the settings put back byte for byte.
import { readFileSync } from 'node:fs';
import { choose, RUN_TIMEOUT_MS, tid, waitForSetup } from '../support/dashboard';
import { currentEngine, leftoversOf } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { benchImage } from '../support/sandbox-dirs';
import { snap } from '../support/screens';
import { createStandinSandbox, DD_SETTINGS_DIR } from '../../test/stand-ins/sandbox';

test('sweep (a): the plain engine with native and FUSE restarts nothing', async ({ dashboard }, testInfo) => {
  const { page } = dashboard;
  await waitForSetup(page);
  await choose(page, { preset: 'quick', workloads: ['dd-write'], mounts: ['bind', 'host'] });
  await tid(page, 'variant-checkbox-fuse').check();
  await expect(tid(page, 'product-docker-engine')).toContainText('file sharing');
  await expect(tid(page, 'setup-backends-preview')).toContainText('bind mount · native');
  await expect(tid(page, 'setup-backends-preview')).toContainText('bind mount · FUSE share (bindfs)');
  await expect(tid(page, 'sweep-dry-run')).toContainText('restarts nothing');
  await expect(tid(page, 'sweep-dry-run-restarts')).toHaveCount(0);
  await expect(tid(page, 'setup-benchmark-button')).toBeEnabled();
  await snap(testInfo, tid(page, 'sweep-dry-run'), 'sweep-plain-engine-dry-run');
});

test('sweep (b): stand-in Docker Desktop: dry run, confirm, refused by verification, settings put back', async ({
  launchDashboard,
}, testInfo) => {
  const sb = createStandinSandbox({
    dockerDesktop: 'settings-store-json-4.35',
    env: { MOUNTBENCH_IMAGE: benchImage() },
  });
  const docker = await currentEngine();
  // A container of the user's own (not a Mountbench one): the restart would stop it.
  const name = `e2e-user-app-${process.pid}`;
  const container = await docker.createContainer({
    name,
    Image: benchImage(),
    Cmd: ['sleep', '600'],
    Labels: { 'mountbench-e2e.flow': 'sweep' },
  });
  try {
    await container.start();
    const settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
    const before = readFileSync(settings);
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    // The sandbox's home, stand-in CLIs and host facts; the dashboard's own data and cache folders.
    const { MOUNTBENCH_DATA_DIR: _data, MOUNTBENCH_CACHE_DIR: _cache, ...env } = sb.env;
    const { page, ownerPid } = await launchDashboard({ name: 'sweep-dd', env });
    await waitForSetup(page);

    await expect(tid(page, 'product-setting-docker-desktop')).toHaveText('VZ + VirtioFS');
    await choose(page, { preset: 'quick', workloads: ['dd-write'], mounts: ['bind'] });
    // The default compares every setting available (setup-plan.spec.ts); this flow tries one other.
    await tid(page, 'setup-measure-now').click();
    await expect(tid(page, 'switch-variant-vz-virtiofs')).toBeChecked();
    await expect(tid(page, 'switch-variant-hyperkit-grpcfuse')).toBeDisabled();
    await expect(tid(page, 'switch-variant-reason-hyperkit-grpcfuse')).toContainText('Intel Mac');
    await tid(page, 'switch-variant-vz-grpcfuse').check();
    // One pass: both settings are refused by verification here, and a second pass would only
    // switch through them again (the bracket's own flows: sweep-drift.spec.ts).
    await tid(page, 'switch-reverse-pass').uncheck();

    await expect(tid(page, 'sweep-dry-run-restarts')).toContainText('Docker Desktop restarts');
    await expect(tid(page, `sweep-dry-run-container-${name}`)).toBeVisible();
    await expect(tid(page, 'sweep-dry-run-unavailable')).toContainText('needs an Intel Mac');
    await expect(tid(page, 'sweep-dry-run-writes')).toContainText(
      'UseVirtualizationFrameworkVirtioFS true → false',
    );
    await snap(testInfo, page, 'sweep-dry-run');

    await tid(page, 'setup-benchmark-button').click();
    await expect(tid(page, 'sweep-confirm')).toBeVisible();
    await expect(tid(page, `sweep-confirm-container-${name}`)).toBeVisible();
    await snap(testInfo, page, 'sweep-confirm');
    expect(readFileSync(settings).equals(before)).toBe(true);
    await tid(page, 'sweep-confirm-confirm').click();

    await expect(tid(page, 'panel-run')).toBeVisible();
    await expect(tid(page, 'sweep-progress')).toBeVisible();
    await expect(tid(page, 'sweep-restore')).toHaveText('The settings were put back as they were.', {
      timeout: RUN_TIMEOUT_MS,
    });
    for (const variant of ['vz-virtiofs', 'vz-grpcfuse']) {
      await expect(tid(page, `sweep-variant-phase-${variant}`)).toHaveText('skipped');
      await expect(tid(page, `sweep-variant-message-${variant}`)).toContainText(
        `the bind mount is on ext4, but ${variant} serves bind mounts as`,
      );
    }
    await expect(tid(page, 'sweep-status')).toHaveText('failed');
    await snap(testInfo, page, 'sweep-refused-settings-back');
    expect(readFileSync(settings).equals(before)).toBe(true);
    // The fs-type probes were removed; the user's container was not Mountbench's to touch.
    expect(await leftoversOf(docker, ownerPid)).toEqual({ containers: [], volumes: [] });
    expect((await container.inspect()).State.Running).toBe(true);
  } finally {
    await container.remove({ force: true });
    await sb.remove();
  }
});
