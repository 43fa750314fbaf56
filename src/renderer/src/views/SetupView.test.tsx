// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MountInfo } from '../../../shared/api';
import type { DiscoveredEngine } from '../../../shared/engine';
import { ErrorBanner } from '../components/ErrorBanner';
import { createFakeApi } from '../test-support/fake-api';
import { PROVIDERS } from '../test-support/recorded-sweep-data';
import { renderWith } from '../test-support/render';
import { SetupView } from './SetupView';

async function renderSetup(engines?: DiscoveredEngine[], mounts?: MountInfo[], providers?: typeof PROVIDERS) {
  const rendered = renderWith(
    <>
      <ErrorBanner />
      <SetupView />
    </>,
    createFakeApi({ engines, mounts, providers }),
  );
  await rendered.stores.setup.getState().load();
  await screen.findByTestId('setup-benchmark-button');
  return rendered;
}

describe('SetupView', () => {
  it('shows the machine, the engine found and the workloads with their sizes', async () => {
    await renderSetup();
    expect(screen.getByTestId('machine-chip').textContent).toBe('AMD EPYC');
    expect(screen.getByTestId('engine-default').textContent).toContain('Docker 20.10.24+dfsg1');
    expect(screen.getByTestId('engine-radio-default')).toHaveProperty('checked', true);
    expect(screen.getByTestId('workload-size-small-file-read').textContent).toBe('5,000 files × 5 KiB');
    expect(screen.getByTestId('unsupported-volume-sync-latency').textContent).toContain(
      'the host cannot write into a named volume',
    );
  });

  it('says what a bind mount on the chosen engine lands on, as a container saw it', async () => {
    const { api, user } = await renderSetup();
    await waitFor(() =>
      expect(screen.getByTestId('engine-fs-default').textContent).toBe(
        'Bind mounts land on ext4 (seen in a container just now)',
      ),
    );
    expect(api.calls.filter((c) => c.method === 'engines.fsSeen').map((c) => c.args)).toEqual([['default']]);
    // Looked at once; "Look again" looks again.
    await user.click(screen.getByTestId('engines-refresh'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'engines.fsSeen')).toHaveLength(2));
  });

  it('gives every preset its time, and puts the start button before every option', async () => {
    const { user } = await renderSetup();
    const times = ['quick', 'standard', 'thorough'].map(
      (id) => screen.getByTestId(`preset-time-${id}`).textContent ?? '',
    );
    times.forEach((t) => expect(t).toMatch(/^about \d+ (s|min|h)/));
    // Standard runs the default size ten times: never shorter than Quick.
    expect(times[1]).not.toBe(times[0]);
    // The time said on the chosen preset's card is the one the start panel gives.
    await user.click(screen.getByTestId('preset-standard'));
    expect(screen.getByTestId('setup-estimate').textContent).toContain(
      (screen.getByTestId('preset-time-standard').textContent ?? '').replace(/^about | here$/g, ''),
    );
    const start = screen.getByTestId('setup-benchmark-button');
    for (const option of [screen.getByTestId('preset-quick'), screen.getByTestId('mount-checkbox-layer')]) {
      expect(option.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    }
  });

  it('follows the preset: sizes, estimate and request', async () => {
    const { user, api } = await renderSetup();
    const quickEstimate = screen.getByTestId('setup-estimate').textContent;
    await user.click(screen.getByTestId('preset-standard'));
    expect(screen.getByTestId('workload-size-small-file-read').textContent).toBe('20,000 files × 5 KiB');
    expect(screen.getByTestId('setup-estimate').textContent).not.toBe(quickEstimate);
    expect(screen.getByTestId('setup-estimate').textContent).toMatch(/estimate/);

    await user.click(screen.getByTestId('mount-checkbox-layer'));
    await user.click(screen.getByTestId('variant-checkbox-fuse'));
    expect(
      within(screen.getByTestId('setup-backends-preview'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'bind mount · native',
      'named volume',
      'tmpfs',
      'bind mount · FUSE share (bindfs)',
      'host (no container): baseline',
    ]);

    // "Benchmark my setup" races by default; "Answer within" becomes the run's time budget.
    await user.selectOptions(screen.getByTestId('budget-select'), '10');
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'runs.start')).toBe(true));
    expect(api.calls.find((c) => c.method === 'runs.start')?.args[0]).toMatchObject({
      engine: 'default',
      variants: ['native', 'fuse'],
      mounts: ['bind', 'volume', 'tmpfs', 'host'],
      size: 'default',
      runs: 3,
      race: true,
      maxRuns: 30,
      budgetSeconds: 600,
    });
  });

  it('shows the sync mounts disabled with the reason when their tool is missing', async () => {
    await renderSetup();
    for (const mount of ['mutagen', 'docker-sync']) {
      const box = screen.getByTestId(`mount-checkbox-${mount}`);
      expect(box).toHaveProperty('disabled', true);
      expect(box.closest('label')?.textContent).toContain(
        `unavailable: ${mount} is not installed (not on PATH)`,
      );
    }
    expect(screen.getByTestId('mount-checkbox-bind')).toHaveProperty('disabled', false);
  });

  it('offers mutagen when the core says it is installed, and asks for it', async () => {
    const mounts: MountInfo[] = [
      { mount: 'mutagen', available: true, reason: null },
      { mount: 'docker-sync', available: false, reason: 'docker-sync is not installed (not on PATH)' },
    ];
    const { user, api } = await renderSetup(undefined, mounts);
    expect(screen.getByTestId('mount-checkbox-docker-sync')).toHaveProperty('disabled', true);
    // Installed, so it is in the plan from the start: the source tree has a choice.
    expect(screen.getByTestId('mount-checkbox-mutagen')).toHaveProperty('checked', true);
    expect(screen.getByTestId('setup-plan-headline').textContent).toBe(
      'For the source tree: the bind mount against mutagen (installed here), under the file sharing as it is set now.',
    );
    expect(
      within(screen.getByTestId('setup-backends-preview'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('mutagen sync');
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'runs.start')).toBe(true));
    expect(api.calls.find((c) => c.method === 'runs.start')?.args[0]).toMatchObject({
      mounts: ['bind', 'mutagen', 'volume', 'tmpfs', 'layer', 'host'],
    });
  });

  it('says what is missing instead of starting', async () => {
    const { user } = await renderSetup();
    for (const box of screen
      .getAllByRole('checkbox')
      .filter((b) => b.dataset.testid?.startsWith('workload-checkbox-'))) {
      await user.click(box);
    }
    expect(screen.getByTestId('setup-problem').textContent).toBe(
      'Pick at least one workload, or your project.',
    );
    expect(screen.getByTestId('setup-benchmark-button')).toHaveProperty('disabled', true);
  });

  it('with no engine: says what to start and still offers the host baseline', async () => {
    const down: DiscoveredEngine = {
      name: 'colima',
      endpoint: 'unix:///colima.sock',
      source: 'socket',
      provider: 'colima',
      current: true,
      reachable: false,
      error: 'colima is not running (start it with `colima start`)',
    };
    const { user, api } = await renderSetup([down]);
    const help = screen.getByTestId('no-engine-help').textContent ?? '';
    for (const product of ['Docker Desktop', 'colima start', 'Rancher Desktop'])
      expect(help).toContain(product);
    expect(screen.getByTestId('engine-colima').textContent).toContain('Not reachable: colima is not running');
    expect(screen.getByTestId('mount-checkbox-bind')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('setup-backends-preview').textContent).toBe('host (no container): baseline');
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'runs.start')?.args[0]).toMatchObject({ mounts: ['host'] }),
    );
  });

  it("shows why the run did not start, in the core's words", async () => {
    const { user, api } = await renderSetup();
    api.nextRunId = null;
    await user.click(screen.getByTestId('setup-benchmark-button'));
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain(
      'Could not start the run: Cannot connect to the Docker daemon: is it running?',
    );
    expect(banner.textContent).not.toContain('Error invoking remote method');
  });

  it('leaves a marked place for the dry run and shows no made-up plan', async () => {
    await renderSetup();
    expect(screen.getByTestId('sweep-dry-run').textContent).toContain('restarts nothing');
  });

  it('shows each product with its current file-sharing setting, and the variants it can switch to', async () => {
    await renderSetup();
    expect(screen.getByTestId('product-setting-docker-desktop').textContent).toBe('VZ + VirtioFS');
    expect(screen.getByTestId('product-docker-desktop').textContent).toContain('4.43.0');
    expect(screen.getByTestId('switch-variant-vz-virtiofs')).toHaveProperty('checked', true);
    expect(screen.getByTestId('switch-variant-vz-grpcfuse')).toHaveProperty('checked', false);
    expect(screen.getByTestId('switch-variant-hyperkit-grpcfuse')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('switch-variant-reason-hyperkit-grpcfuse').textContent).toMatch(/Intel Mac/);
  });

  it('with another setting picked: shows the dry run, asks before restarting, then starts a sweep', async () => {
    const { user, api, stores } = await renderSetup();
    api.proposal = { ...api.proposal, containersToStop: ['user-app-db', 'user-app-web'] };
    await user.click(screen.getByTestId('switch-variant-vz-grpcfuse'));
    const dryRun = screen.getByTestId('sweep-dry-run');
    await waitFor(() => expect(dryRun.textContent).toContain('Docker Desktop restarts'));
    expect(api.calls.find((c) => c.method === 'sweeps.propose')?.args[0]).toMatchObject({
      provider: 'docker-desktop',
      variants: ['vz-virtiofs', 'vz-grpcfuse'],
      mounts: ['bind', 'volume', 'tmpfs', 'layer'],
    });
    expect(screen.getByTestId('sweep-dry-run-container-user-app-web')).toBeTruthy();
    expect(screen.getByTestId('sweep-dry-run-unavailable').textContent).toMatch(
      /HyperKit \+ gRPC FUSE: not here — needs an Intel Mac/,
    );
    expect(screen.getByTestId('sweep-dry-run-variants').textContent).toContain(
      'VZ + gRPC FUSE: switched to, then measured',
    );
    // The settings keys are behind "Details", with no second sentence about stopping containers.
    expect(screen.getByTestId('sweep-dry-run-writes').closest('details')).toBeTruthy();
    expect(screen.getByTestId('sweep-dry-run-writes').textContent).toContain(
      'settings-store.json: UseVirtualizationFrameworkVirtioFS true → false',
    );
    expect(screen.getByTestId('sweep-dry-run-writes').textContent).not.toContain('every container');
    expect(screen.getByTestId('setup-backends-preview').textContent).toContain('bind mount · VZ + gRPC FUSE');

    await user.click(screen.getByTestId('setup-benchmark-button'));
    const dialog = screen.getByTestId('sweep-confirm');
    expect(dialog.textContent).toContain('Docker Desktop restarts');
    expect(within(dialog).getByTestId('sweep-confirm-container-user-app-db')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'sweeps.start')).toBe(false);
    await user.click(screen.getByTestId('sweep-confirm-confirm'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'sweeps.start')).toBe(true));
    expect(api.calls.some((c) => c.method === 'runs.start')).toBe(false);
    expect(stores.nav.getState().tab).toBe('run');
    expect(stores.sweep.getState().phase).toBe('active');
  });

  it('cancelling the confirmation starts nothing; a blocker refuses the sweep', async () => {
    const { user, api } = await renderSetup();
    await user.click(screen.getByTestId('switch-variant-vz-grpcfuse'));
    await waitFor(() => expect(screen.getByTestId('sweep-dry-run').textContent).toContain('restarts'));
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await user.click(screen.getByTestId('sweep-confirm-cancel'));
    expect(screen.queryByTestId('sweep-confirm')).toBeNull();
    expect(api.calls.some((c) => c.method === 'sweeps.start')).toBe(false);

    api.proposal = { ...api.proposal, blockers: ['vz-grpcfuse: settings-store.json is not valid JSON'] };
    await user.click(screen.getByTestId('switch-variant-qemu-grpcfuse'));
    await waitFor(() =>
      expect(screen.getByTestId('sweep-dry-run-blockers').textContent).toContain('not valid JSON'),
    );
    expect(screen.getByTestId('setup-benchmark-button')).toHaveProperty('disabled', true);
  });

  it('brackets two settings or more by default, says why, and asks the core for one pass when unticked', async () => {
    const { user, api } = await renderSetup();
    // One setting: nothing to reorder, nothing offered.
    expect(screen.queryByTestId('switch-reverse-pass')).toBeNull();
    await user.click(screen.getByTestId('switch-variant-vz-grpcfuse'));
    const reverse = screen.getByTestId('switch-reverse-pass');
    expect(reverse).toHaveProperty('checked', true);
    expect(reverse.closest('label')?.textContent).toContain(
      'VZ + VirtioFS → VZ + gRPC FUSE, then back again',
    );
    expect(reverse.closest('label')?.textContent).toContain('drift can read as a difference');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'sweeps.propose').at(-1)?.args[0]).toMatchObject({
        variants: ['vz-virtiofs', 'vz-grpcfuse'],
        reversePass: true,
      }),
    );
    await user.click(reverse);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'sweeps.propose').at(-1)?.args[0]).toMatchObject({
        variants: ['vz-virtiofs', 'vz-grpcfuse'],
        reversePass: false,
      }),
    );
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await user.click(screen.getByTestId('sweep-confirm-confirm'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'sweeps.start')?.args[0]).toMatchObject({
        reversePass: false,
        // Quick races, and so does each setting's run of its sweep, to Quick's cap.
        race: true,
        maxRuns: 20,
        runs: 3,
      }),
    );
    // Back to one setting: the option goes away and the request drops it.
    await user.click(screen.getByTestId('switch-variant-vz-grpcfuse'));
    expect(screen.queryByTestId('switch-reverse-pass')).toBeNull();
  });

  it('unticking back to the current setting is a plain run again: nothing restarts', async () => {
    const { user } = await renderSetup();
    await user.click(screen.getByTestId('switch-variant-vz-grpcfuse'));
    await waitFor(() => expect(screen.getByTestId('sweep-dry-run').textContent).toContain('restarts'));
    await user.click(screen.getByTestId('switch-variant-vz-grpcfuse'));
    expect(screen.getByTestId('sweep-dry-run').textContent).toContain('restarts nothing');
  });
});

/** Docker Desktop's own engine, current, as on a Mac where it runs (the stand-in's recorded product). */
const DESKTOP: DiscoveredEngine = {
  name: 'desktop-linux',
  endpoint: 'unix:///Users/ada/.docker/run/docker.sock',
  source: 'context',
  provider: 'docker-desktop',
  current: true,
  reachable: true,
  serverVersion: '27.4.0',
};

describe('SetupView: the plan "Benchmark my setup" starts', () => {
  it('on Docker Desktop, proposes the sweep of its settings by default, the button first in tab order', async () => {
    const { user, api, stores } = await renderSetup([DESKTOP]);
    expect(screen.getByTestId('setup-plan-headline').textContent).toBe(
      "Compares Docker Desktop's file-sharing settings: VZ + VirtioFS, VZ + gRPC FUSE, QEMU + gRPC FUSE, QEMU + osxfs (legacy), Docker VMM (beta) + VirtioFS (the one set now first).",
    );
    await waitFor(() => expect(api.calls.some((c) => c.method === 'sweeps.propose')).toBe(true));
    expect(api.calls.find((c) => c.method === 'sweeps.propose')?.args[0]).toMatchObject({
      provider: 'docker-desktop',
      variants: ['vz-virtiofs', 'vz-grpcfuse', 'qemu-grpcfuse', 'qemu-osxfs', 'docker-vmm'],
      mounts: ['bind', 'volume', 'tmpfs', 'layer'],
    });
    // The one total counts the restarts the dry run gives: the bracket's two switches (A B B A)
    // and one restore (recorded proposal: 45 s to start the current one, 90 s per restart).
    await waitFor(() =>
      expect(screen.getByTestId('setup-estimate').textContent).toMatch(
        /^About \d+ min in all, counting 3 restarts of Docker Desktop \(about 6 min\)\./,
      ),
    );
    expect(screen.getByTestId('sweep-dry-run-restarts').textContent).toContain('about 6 min of restarting');
    const start = screen.getByTestId('setup-benchmark-button');
    await user.tab();
    expect(document.activeElement).toBe(start);

    await user.click(start);
    const dialog = screen.getByTestId('sweep-confirm');
    expect(within(dialog).getByTestId('sweep-confirm-total').textContent).toBe(
      screen.getByTestId('setup-estimate').textContent,
    );
    expect(within(dialog).getByTestId('sweep-confirm-containers').textContent).toBe(
      'Each restart stops every container Docker Desktop runs; none of yours is running now.',
    );
    await user.click(screen.getByTestId('sweep-confirm-confirm'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'sweeps.start')).toBe(true));
    expect(stores.nav.getState().tab).toBe('run');
  });

  it('"Measure only what runs now" is one click: a plain run on the same engine, nothing restarts', async () => {
    const { user, api } = await renderSetup([DESKTOP]);
    await user.click(screen.getByTestId('setup-measure-now'));
    expect(screen.getByTestId('setup-plan-headline').textContent).toBe(
      'Measures only what runs now (VZ + VirtioFS): no setting is switched, nothing restarts.',
    );
    expect(screen.getByTestId('sweep-dry-run').textContent).toContain('restarts nothing');
    expect(screen.getByTestId('setup-estimate').textContent).toMatch(/^About .* in all\./);
    // And back: comparing the settings is one click too.
    expect(screen.getByTestId('setup-compare-settings')).toBeTruthy();
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'runs.start')).toBe(true));
    expect(api.calls.find((c) => c.method === 'runs.start')?.args[0]).toMatchObject({
      engine: 'desktop-linux',
      mounts: ['bind', 'volume', 'tmpfs', 'layer', 'host'],
    });
    expect(api.calls.some((c) => c.method === 'sweeps.start')).toBe(false);
    await user.click(screen.getByTestId('setup-compare-settings'));
    expect(screen.getByTestId('setup-measure-now')).toBeTruthy();
  });

  it('on a native Linux engine, says there is nothing to choose for the source tree', async () => {
    await renderSetup(
      undefined,
      undefined,
      PROVIDERS.filter((p) => p.detection.id === 'docker-engine'),
    );
    expect(screen.getByTestId('setup-plan-headline').textContent).toBe(
      'Nothing to choose for the source tree: a Linux engine serves bind mounts natively, with no file-sharing setting; what there is to choose is where dependencies and caches live: named volume, container layer or tmpfs, against the bind mount.',
    );
    expect(screen.queryByTestId('setup-measure-now')).toBeNull();
    expect(screen.queryByTestId('setup-compare-settings')).toBeNull();
    expect(screen.getByTestId('setup-benchmark-button')).toHaveProperty('disabled', false);
  });

  it('a DOCKER_HOST engine that does not answer: refused with why, the other engine offered by name', async () => {
    const deadHost: DiscoveredEngine = {
      name: 'default',
      endpoint: 'unix:///var/run/gone.sock',
      source: 'env',
      provider: 'docker-engine',
      current: true,
      reachable: false,
      error: 'no socket at /var/run/gone.sock',
    };
    const system: DiscoveredEngine = {
      name: 'system',
      endpoint: 'unix:///var/run/docker.sock',
      source: 'socket',
      provider: 'docker-engine',
      current: false,
      reachable: true,
    };
    const { user, api } = await renderSetup([deadHost, system]);
    const button = screen.getByTestId('setup-benchmark-button');
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('setup-engine-refused').textContent).toContain(
      'The engine "default" (unix:///var/run/gone.sock) does not answer: no socket at /var/run/gone.sock. DOCKER_HOST names it, so nothing runs on another engine in its place',
    );
    // The radio of the engine that answers is not ticked behind the user's back.
    expect(screen.getByTestId('engine-radio-system')).toHaveProperty('checked', false);
    expect(screen.getByTestId('engine-asked-default').textContent).toBe('asked for, not answering');
    // No time is given for a plan that would not measure what was asked.
    expect(screen.queryByTestId('setup-estimate')).toBeNull();
    await user.click(button);
    expect(api.calls.some((c) => c.method === 'runs.start')).toBe(false);

    await user.click(screen.getByTestId('setup-use-engine-system'));
    expect(screen.queryByTestId('setup-engine-refused')).toBeNull();
    expect(screen.getByTestId('engine-radio-system')).toHaveProperty('checked', true);
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'runs.start')).toBe(true));
    expect(api.calls.find((c) => c.method === 'runs.start')?.args[0]).toMatchObject({ engine: 'system' });
  });
});
