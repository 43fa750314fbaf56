// A sweep that includes Lima, on its stand-in (test/stand-ins/limactl: a sandbox home with the
// user's own Docker instance `docker`, QEMU + 9p as Lima 2.2 makes it, its socket forwarded to the
// local dockerd). Setup lists the instance, its current setting and its variants (krunkit's refused
// with the reason); the user picks one variant edited into their own instance (reverse-sshfs, a stop,
// `limactl edit`, a start) and one on a bench instance of its own (VZ + virtiofs). Bind mounts here
// are ext4, not what a real Lima serves, so verification reads the fs type in a container and
// refuses to call those figures Lima's: each variant shows the fs type it saw and the one it
// expected. At the end lima.yaml is byte for byte as before, the instance runs again and no bench
// instance is left.
import { readFileSync } from 'node:fs';
import { choose, RUN_TIMEOUT_MS, tid, waitForSetup } from '../support/dashboard';
import { currentEngine, leftoversOf } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { benchImage } from '../support/sandbox-dirs';
import { snap } from '../support/screens';
import { createStandinSandbox } from '../../test/stand-ins/sandbox';

const PICKED = {
  'qemu-reverse-sshfs': 'fuse.sshfs',
  'vz-virtiofs': 'virtiofs',
} as const;
const LABELS: Record<keyof typeof PICKED, string> = {
  'qemu-reverse-sshfs': 'QEMU + reverse-sshfs',
  'vz-virtiofs': 'VZ + virtiofs',
};

test('sweep (lima): stand-in Lima instance, two variants, each verified in a container, lima.yaml put back', async ({
  launchDashboard,
}, testInfo) => {
  const sb = createStandinSandbox({ limaDocker: true, env: { MOUNTBENCH_IMAGE: benchImage() } });
  try {
    const limaYaml = sb.file('.lima', 'docker', 'lima.yaml');
    const before = readFileSync(limaYaml);
    expect((await sb.run('limactl', ['start', 'docker'])).code).toBe(0);
    const { MOUNTBENCH_DATA_DIR: _data, MOUNTBENCH_CACHE_DIR: _cache, ...env } = sb.env;
    const { page, ownerPid } = await launchDashboard({ name: 'sweep-lima', env });
    await waitForSetup(page);

    // Setup lists Lima, the user's instance and the setting it runs with now.
    await expect(tid(page, 'product-lima')).toContainText('Lima');
    await expect(tid(page, 'product-lima')).toContainText('running');
    await expect(tid(page, 'product-setting-lima')).toHaveText(
      'docker: QEMU + 9p, msize 128KiB, cache fscache',
    );
    await tid(page, 'engine-radio-lima-docker').check();
    await choose(page, { preset: 'quick', workloads: ['dd-write'], mounts: ['bind'] });
    // The variants picker of the chosen engine's product: what runs now is ticked.
    // Its variants: the current one ticked, krunkit's refused with the reason.
    await expect(tid(page, 'switch-variant-qemu-9p-128k-fscache')).toBeChecked();
    for (const id of ['qemu-reverse-sshfs', 'qemu-9p-512k-mmap', 'vz-reverse-sshfs', 'vz-virtiofs']) {
      await expect(tid(page, `switch-variant-${id}`)).toBeEnabled();
    }
    await expect(tid(page, 'switch-variant-krunkit-virtiofs')).toBeDisabled();
    await expect(tid(page, 'switch-variant-reason-krunkit-virtiofs')).toContainText(
      'krunkit is not installed',
    );
    await tid(page, 'switch-variant-qemu-9p-128k-fscache').uncheck();
    for (const id of Object.keys(PICKED)) await tid(page, `switch-variant-${id}`).check();
    // One pass: both variants are refused by verification here, and a second pass would only
    // restart the instance through them again (the bracket's own flows: sweep-drift.spec.ts).
    await tid(page, 'switch-reverse-pass').uncheck();
    await expect(tid(page, 'sweep-dry-run-restarts')).toContainText('Lima');
    await snap(testInfo, page, 'sweep-lima-dry-run');

    await tid(page, 'setup-benchmark-button').click();
    await expect(tid(page, 'sweep-confirm')).toBeVisible();
    expect(readFileSync(limaYaml).equals(before)).toBe(true);
    await tid(page, 'sweep-confirm-confirm').click();

    await expect(tid(page, 'sweep-progress')).toBeVisible();
    await expect(tid(page, 'sweep-restore')).toHaveText('The settings were put back as they were.', {
      timeout: RUN_TIMEOUT_MS,
    });
    // Each variant was applied and then verified in a container: the fs type seen, and the one
    // the variant serves on a real Lima.
    for (const [id, fsType] of Object.entries(PICKED)) {
      await expect(tid(page, `sweep-variant-phase-${id}`)).toHaveText('skipped');
      await expect(tid(page, `sweep-variant-message-${id}`)).toContainText(
        `the bind mount is on ext4, but ${LABELS[id as keyof typeof PICKED]} serves bind mounts as ${fsType}`,
      );
    }
    await expect(tid(page, 'sweep-status')).toHaveText('failed');
    await snap(testInfo, page, 'sweep-lima-verified-settings-back');
    // Results keep each Lima variant with the fs type its verification saw, not figures under its name.
    await tid(page, 'sweep-open-results').click();
    await expect(tid(page, 'panel-results')).toBeVisible();
    for (const [id, fsType] of Object.entries(PICKED)) {
      await expect(tid(page, 'results-run-errors')).toContainText(
        `${LABELS[id as keyof typeof PICKED]}: the bind mount is on ext4, but ${LABELS[id as keyof typeof PICKED]} serves bind mounts as ${fsType}`,
      );
    }
    await expect(page.locator('[data-testid^="results-row-"]')).toHaveCount(0);
    await snap(testInfo, page, 'sweep-lima-results');

    // Every setting back: the user's lima.yaml byte for byte, the instance running on it, no bench instance.
    expect(readFileSync(limaYaml).equals(before)).toBe(true);
    const instances = (await sb.run('limactl', ['list', '--json'])).stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const i = JSON.parse(line) as { name: string; status: string };
        return `${i.name}=${i.status}`;
      });
    expect(instances).toEqual(['docker=Running']);
    expect(await leftoversOf(await currentEngine(), ownerPid)).toEqual({ containers: [], volumes: [] });
  } finally {
    await sb.remove();
  }
});
