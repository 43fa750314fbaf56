// @vitest-environment jsdom
// Publish from History: nothing is sent before the preview of exactly these runs and this label is
// shown; a changed label asks for a new preview; a failed send says why and keeps the preview.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import type { TeamPublishRequest } from '../../../shared/team';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { renderWith } from '../test-support/render';
import { HistoryView } from '../views/HistoryView';

const quick = runFileOf(QUICK_RUN);
const MACHINE = 'm-0123456789abcdef';

function setUp(publish: (request: TeamPublishRequest) => Promise<unknown>) {
  const sent: TeamPublishRequest[] = [];
  const previews: { runIds: string[]; label: string | null }[] = [];
  const api = createFakeApi({
    runs: [quick],
    answers: {
      'team:publishPreview': async (request) => {
        previews.push(request);
        return {
          machineId: null,
          files: request.runIds.map((id) => ({
            path: `machines/${MACHINE}/${id}.json`,
            runId: id,
            text: JSON.stringify({ id, label: request.label }),
          })),
        };
      },
      'team:publish': async (request) => {
        sent.push(request);
        return publish(request) as never;
      },
    },
  });
  return { api, sent, previews };
}

describe('Publish to the team dataset', () => {
  it('shows every file as it will be written before sending, and sends only what was shown', async () => {
    const { api, sent, previews } = setUp(async (request) => ({
      dataset: request.to,
      branch: null,
      machineId: MACHINE,
      files: request.runIds.map((runId) => ({
        path: `machines/${MACHINE}/${runId}.json`,
        runId,
        status: 'published',
      })),
      commit: '0123456789abcdef0123',
      attempts: 2,
    }));
    const { user, stores } = renderWith(<HistoryView />, api);
    await stores.history.getState().refresh();
    expect(screen.getByTestId('history-publish')).toHaveProperty('disabled', true);
    await user.click(await screen.findByTestId(`history-select-${quick.id}`));
    await user.click(screen.getByTestId('history-publish'));
    await user.type(screen.getByTestId('publish-to'), '/Volumes/team/dataset');
    expect(screen.getByTestId('publish-go').textContent).toBe('Show what will be shared');
    await user.click(screen.getByTestId('publish-go'));
    const file = await screen.findByTestId('publish-preview-file');
    expect(file.dataset.path).toBe(`machines/${MACHINE}/${quick.id}.json`);
    expect(file.textContent).toContain(JSON.stringify({ id: quick.id, label: null }));
    expect(previews).toEqual([{ runIds: [quick.id], label: null }]);
    expect(sent).toEqual([]);

    // A label changes the bytes: the old preview no longer stands, a new one is asked for.
    await user.type(screen.getByTestId('publish-label'), 'Build Mac 3');
    expect(screen.queryByTestId('publish-preview')).toBeNull();
    expect(screen.getByTestId('publish-go').textContent).toBe('Show what will be shared');
    await user.click(screen.getByTestId('publish-go'));
    expect((await screen.findByTestId('publish-preview-file')).textContent).toContain(
      '"label":"Build Mac 3"',
    );
    expect(screen.getByTestId('publish-go').textContent).toBe('Publish 1 run');
    await user.click(screen.getByTestId('publish-go'));
    await waitFor(() => expect(screen.getByTestId('publish-outcome').textContent).toContain('1 published'));
    expect(screen.getByTestId('publish-outcome').textContent).toBe(
      `1 published, 0 already there, to /Volumes/team/dataset (commit 0123456) as machine ${MACHINE}.`,
    );
    expect(sent).toEqual([
      { to: '/Volumes/team/dataset', branch: null, runIds: [quick.id], label: 'Build Mac 3' },
    ]);
  });

  it('says why a send failed and keeps the preview, so the same send can be tried again', async () => {
    const { api, sent } = setUp(async () => {
      throw new MountbenchError('IO', 'the push was rejected 20 times: another machine kept publishing');
    });
    const { user, stores } = renderWith(<HistoryView />, api);
    await stores.history.getState().refresh();
    await user.click(await screen.findByTestId(`history-select-${quick.id}`));
    await user.click(screen.getByTestId('history-publish'));
    await user.click(screen.getByTestId('publish-go'));
    await screen.findByTestId('publish-preview');
    await user.click(screen.getByTestId('publish-go'));
    // No dataset typed: refused in the page, nothing sent.
    expect((await screen.findByTestId('publish-error')).textContent).toContain('Type where the dataset is');
    expect(sent).toEqual([]);
    await user.type(screen.getByTestId('publish-to'), 'git@github.com:acme/app.git');
    await user.click(screen.getByTestId('publish-go'));
    await waitFor(() =>
      expect(screen.getByTestId('publish-error').textContent).toContain('rejected 20 times'),
    );
    expect(sent).toHaveLength(1);
    expect(screen.getByTestId('publish-preview')).toBeTruthy();
    expect(screen.getByTestId('publish-go').textContent).toBe('Publish 1 run');
  });
});
