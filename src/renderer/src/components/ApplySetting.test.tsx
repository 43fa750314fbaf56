// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../test-support/fake-api';
import { renderWith } from '../test-support/render';
import { ApplySetting } from './ApplySetting';

const target = { provider: 'docker-desktop' as const, variant: 'vz-grpcfuse' };

function setUp() {
  const api = createFakeApi();
  const rendered = renderWith(<ApplySetting target={target} />, api);
  rendered.stores.apply.getState().listen(new AbortController().signal);
  return rendered;
}

describe('Apply this setting', () => {
  it('is disabled, saying why, when no product setting stands behind the recommendation', () => {
    renderWith(<ApplySetting target={null} />);
    const button = screen.getByTestId('apply-setting');
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById('apply-note')?.textContent).toContain('follow the steps');
  });

  it('shows the dry run first; cancelling it changes nothing', async () => {
    const { user, api } = setUp();
    await user.click(screen.getByTestId('apply-setting'));
    const dialog = await screen.findByTestId('apply-confirm');
    expect(api.calls.find((c) => c.method === 'providers.planApply')?.args).toEqual([
      'docker-desktop',
      'vz-grpcfuse',
    ]);
    expect(dialog.textContent).toContain('Switch Docker Desktop to VZ + gRPC FUSE?');
    expect(dialog.textContent).toContain('UseVirtualizationFrameworkVirtioFS true → false');
    expect(dialog.textContent).toContain('Docker Desktop restarts');
    expect(screen.getByTestId('apply-confirm-containers').textContent).toBe(
      'The restart stops every container Docker Desktop runs; none of yours is running now.',
    );
    await user.click(screen.getByTestId('apply-confirm-cancel'));
    expect(screen.queryByTestId('apply-confirm')).toBeNull();
    expect(api.calls.some((c) => c.method === 'applies.start')).toBe(false);
  });

  it('applies once confirmed and says that the originals were put back when it did not take', async () => {
    const { user, api } = setUp();
    await user.click(screen.getByTestId('apply-setting'));
    await user.click(await screen.findByTestId('apply-confirm-confirm'));
    const failed = await screen.findByTestId('apply-result-failed');
    expect(api.calls.find((c) => c.method === 'applies.start')?.args).toEqual([
      'docker-desktop',
      'vz-grpcfuse',
    ]);
    expect(failed.textContent).toMatch(/did not take: the bind mount is on ext4/);
    expect(failed.textContent).toContain('The original settings were put back.');
  });

  it('on success says where the copy of the old settings is', async () => {
    const { user, api } = setUp();
    const backup = '/Users/ada/Library/Application Support/mountbench/journal/j-1/1-settings-store.json';
    api.applyResult = {
      ...api.applyResult,
      status: 'applied',
      message: `Docker Desktop now uses VZ + gRPC FUSE (bind mounts show fuse.grpcfuse). The settings as they were are kept in ${backup}.`,
      fsType: 'fuse.grpcfuse',
      backups: [backup],
      restored: false,
    };
    await user.click(screen.getByTestId('apply-setting'));
    await user.click(await screen.findByTestId('apply-confirm-confirm'));
    await waitFor(() => expect(screen.getByTestId('apply-backups').textContent).toContain(backup));
    expect(screen.getByTestId('apply-result-applied').textContent).toContain('now uses VZ + gRPC FUSE');
  });

  it('shows progress while applying, and Cancel asks the core to stop that apply by its id', async () => {
    const { user, api, stores } = setUp();
    api.holdApply = true;
    api.applyEvents = [{ type: 'progress', applyId: '', message: 'Docker Desktop to be ready: starting' }];
    await user.click(screen.getByTestId('apply-setting'));
    await user.click(await screen.findByTestId('apply-confirm-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('apply-progress').textContent).toBe(
        'Restarting… Docker Desktop to be ready: starting',
      ),
    );
    expect(screen.getByTestId('apply-setting')).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('apply-cancel'));
    expect(api.calls.filter((c) => c.method === 'applies.cancel').map((c) => c.args)).toEqual([['apply-1']]);
    expect(screen.getByTestId('apply-cancel').textContent).toBe('Cancelling…');
    api.emitApply([{ type: 'apply-done', applyId: 'apply-1', result: api.applyResult }]);
    await screen.findByTestId('apply-result-failed');
    expect(stores.apply.getState().phase).toBe('finished');
  });

  it('after a reload, rejoins the apply the core still has in progress and can cancel it', async () => {
    const { user, api, stores } = setUp();
    api.activeApplies = [{ applyId: 'apply-9', provider: 'docker-desktop', variant: 'vz-grpcfuse' }];
    await stores.apply.getState().reconnect();
    api.emitApply([{ type: 'apply', applyId: 'apply-9', phase: 'wait' }]);
    await waitFor(() =>
      expect(screen.getByTestId('apply-progress').textContent).toBe(
        'Restarting, waiting for it to be ready…',
      ),
    );
    // Events of another apply are not this one's.
    api.emitApply([{ type: 'apply', applyId: 'apply-8', phase: 'verify' }]);
    expect(screen.getByTestId('apply-progress').textContent).toBe('Restarting, waiting for it to be ready…');
    await user.click(screen.getByTestId('apply-cancel'));
    expect(api.calls.filter((c) => c.method === 'applies.cancel').map((c) => c.args)).toEqual([['apply-9']]);
  });
});
