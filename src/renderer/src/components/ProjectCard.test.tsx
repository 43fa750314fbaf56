// @vitest-environment jsdom
// "My project" in Setup, on what the real core finds in the sample site (inspectProject on real
// files): the folder is shown back, each choice with its source, and the run request carries the
// accepted (or edited) command and image with the folder the core checked.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectProject } from '../../../core/project/inspect-project';
import {
  SAMPLE_COMMAND,
  SAMPLE_IMAGE,
  writeSampleProject,
} from '../../../../test/integration/sample-project';
import { createFakeApi } from '../test-support/fake-api';
import { renderWith } from '../test-support/render';
import { SetupView } from '../views/SetupView';

const root = mkdtempSync(join(tmpdir(), 'mb-project-card-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let homes = 0;

async function renderSetup(options: { nodeModules?: boolean } = {}) {
  const folder = writeSampleProject(join(root, `home-${++homes}`));
  if (options.nodeModules) {
    mkdirSync(join(folder, 'node_modules', 'left-pad'), { recursive: true });
    writeFileSync(join(folder, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1;\n');
  }
  const project = await inspectProject(folder);
  const rendered = renderWith(<SetupView />, createFakeApi({ project }));
  await rendered.stores.setup.getState().load();
  await screen.findByTestId('setup-benchmark-button');
  return { ...rendered, project };
}

const startRequest = (calls: Array<{ method: string; args: unknown[] }>) =>
  calls.find((c) => c.method === 'runs.start')?.args[0];

describe('ProjectCard', () => {
  it('shows the folder back with the found image and command and their sources, and runs them', async () => {
    const { api, user, project } = await renderSetup();
    await user.type(screen.getByTestId('project-folder-input'), project.folder);
    await user.click(screen.getByTestId('project-inspect'));
    expect((await screen.findByTestId('project-folder-shown')).textContent).toBe(project.folder);
    expect(screen.getByTestId('project-name').textContent).toBe('sample-site');
    expect(screen.getByTestId('project-image-0').closest('label')?.textContent).toContain(
      `${SAMPLE_IMAGE} from compose.yaml (services.site.image), works in /site`,
    );
    expect(screen.getByTestId('project-command-input')).toHaveProperty('value', SAMPLE_COMMAND);
    expect(screen.getByTestId('project-image-input')).toHaveProperty('value', SAMPLE_IMAGE);
    // No pick button from a browser: `serve` has no system dialog.
    expect(screen.queryByTestId('project-pick')).toBeNull();

    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(startRequest(api.calls)).toBeDefined());
    expect(startRequest(api.calls)).toMatchObject({
      workloads: expect.arrayContaining(['custom']),
      custom: { command: SAMPLE_COMMAND, folder: project.folder, image: SAMPLE_IMAGE },
    });
  });

  it('offers the dependency folder in a volume (on) and cold cache (off), and the request says what was chosen', async () => {
    const { api, user, project } = await renderSetup({ nodeModules: true });
    expect(project.dependencyFolders).toEqual(['node_modules']);
    await user.type(screen.getByTestId('project-folder-input'), project.folder);
    await user.click(screen.getByTestId('project-inspect'));
    const split = await screen.findByTestId('project-split-dependency');
    expect(split).toHaveProperty('checked', true);
    expect(screen.getByTestId('project-cold-cache')).toHaveProperty('checked', false);
    await user.click(screen.getByTestId('project-cold-cache'));
    await user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(startRequest(api.calls)).toBeDefined());
    expect(startRequest(api.calls)).toMatchObject({
      coldCache: 'vm',
      custom: { folder: project.folder, dependencyFolder: 'node_modules' },
    });
  });

  it('leaves the split out when it is unticked, and offers none without a dependency folder', async () => {
    const withFolder = await renderSetup({ nodeModules: true });
    await withFolder.user.type(screen.getByTestId('project-folder-input'), withFolder.project.folder);
    await withFolder.user.click(screen.getByTestId('project-inspect'));
    await withFolder.user.click(await screen.findByTestId('project-split-dependency'));
    await withFolder.user.click(screen.getByTestId('setup-benchmark-button'));
    await waitFor(() => expect(startRequest(withFolder.api.calls)).toBeDefined());
    const request = startRequest(withFolder.api.calls) as { custom: object; coldCache?: string };
    expect(request.custom).not.toHaveProperty('dependencyFolder');
    expect(request).not.toHaveProperty('coldCache');
    withFolder.unmount();

    const plain = await renderSetup();
    await plain.user.type(screen.getByTestId('project-folder-input'), plain.project.folder);
    await plain.user.click(screen.getByTestId('project-inspect'));
    await screen.findByTestId('project-folder-shown');
    expect(screen.queryByTestId('project-split-dependency')).toBeNull();
  });

  it('takes a template or an edit, and will not start without an image', async () => {
    const { api, user, project } = await renderSetup();
    await user.type(screen.getByTestId('project-folder-input'), project.folder);
    await user.click(screen.getByTestId('project-inspect'));
    await user.click(await screen.findByTestId('project-template-npm-ci-build'));
    expect(screen.getByTestId('project-command-input')).toHaveProperty('value', 'npm ci && npm run build');
    expect(screen.getByTestId('project-image-input')).toHaveProperty('value', 'node:22');
    await user.clear(screen.getByTestId('project-image-input'));
    expect(screen.getByTestId('setup-problem').textContent).toBe('Give the image your project builds in.');
    expect(startRequest(api.calls)).toBeUndefined();
  });

  it('says why a folder is refused, and offers nothing', async () => {
    const { user } = await renderSetup();
    await user.type(screen.getByTestId('project-folder-input'), '/etc');
    await user.click(screen.getByTestId('project-inspect'));
    expect((await screen.findByTestId('project-error')).textContent).toBe('/etc does not exist');
    expect(screen.queryByTestId('project-found')).toBeNull();
  });
});
