// "My project as the benchmark", found not typed: a sample static site under a throwaway HOME, with
// a compose file whose image is built here offline from the bench image. The folder is typed (a
// folder outside home is refused), shown back with what was found and where; the found image and
// command are accepted and built on bind and volume; Results name the project and its cold first run.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { runFileSchema } from '../../src/shared/result-schema';
import {
  buildSampleImage,
  SAMPLE_COMMAND,
  SAMPLE_IMAGE,
  writeSampleProject,
} from '../../test/integration/sample-project';
import {
  choose,
  RUN_TIMEOUT_MS,
  shownRunId,
  startRun,
  tid,
  waitForRunEnd,
  waitForSetup,
} from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { benchImage } from '../support/sandbox-dirs';
import { snap } from '../support/screens';

const root = mkdtempSync(join(tmpdir(), 'mountbench-e2e-project-'));
const home = join(root, 'home');
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

test('my project: found in its compose file, built on bind and volume, in Results with its cold first run', async ({
  launchDashboard,
}, testInfo) => {
  const project = writeSampleProject(home);
  await buildSampleImage(new Docker(), benchImage(), join(root, 'image'));
  const dashboard = await launchDashboard({ name: 'my-project', env: { HOME: home } });
  const { page } = dashboard;
  await waitForSetup(page);
  await choose(page, { preset: 'quick', workloads: [], mounts: ['bind', 'volume'] });

  // Outside home: refused by the core, with the reason, and nothing is offered.
  await tid(page, 'project-folder-input').fill(root);
  await tid(page, 'project-inspect').click();
  await expect(tid(page, 'project-error')).toContainText('is not under your home folder');
  await expect(tid(page, 'project-found')).toHaveCount(0);

  // Typed under home: shown back, with the compose service's image and command and their source.
  await tid(page, 'project-folder-input').fill('~/code/sample-site');
  await tid(page, 'project-inspect').click();
  await expect(tid(page, 'project-folder-shown')).toHaveText(project);
  await expect(tid(page, 'project-name')).toHaveText('sample-site');
  await expect(tid(page, 'project-error')).toHaveCount(0);
  await expect(page.locator('label', { has: tid(page, 'project-image-0') })).toContainText(
    `${SAMPLE_IMAGE} from compose.yaml (services.site.image), works in /site`,
  );
  await expect(page.locator('label', { has: tid(page, 'project-command-0') })).toContainText(
    `${SAMPLE_COMMAND} from compose.yaml (services.site.command)`,
  );
  await expect(tid(page, 'project-image-0')).toBeChecked();
  await expect(tid(page, 'project-command-0')).toBeChecked();
  await expect(tid(page, 'project-image-input')).toHaveValue(SAMPLE_IMAGE);
  await expect(tid(page, 'project-command-input')).toHaveValue(SAMPLE_COMMAND);
  await expect(tid(page, 'project-include')).toBeChecked();
  await expect(tid(page, 'setup-problem')).toHaveCount(0);
  await snap(testInfo, page, 'my-project-setup');

  await startRun(page);
  await expect(tid(page, 'panel-results')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  const runId = await shownRunId(page);
  await expect(tid(page, 'results-header')).toContainText('completed');
  await expect(tid(page, 'results-project')).toHaveText(': sample-site');
  const rows = page.locator('[data-testid^="results-row-"][data-testid$="-custom"]');
  await expect(rows).toHaveCount(2);
  // The cold first run, apart from the warm samples: a time in its column on each backend.
  for (const row of await rows.all()) await expect(row.getByTestId('results-first-run')).toHaveText(/^\d/);
  await snap(testInfo, page, 'my-project-results');

  // The stored result names the project and never its path.
  const text = readFileSync(join(dashboard.resultsDir, `${runId}.json`), 'utf8');
  const file = runFileSchema.parse(JSON.parse(text));
  expect(file.results.map((r) => [r.backend.mount, r.workload.params['project']]).sort()).toEqual([
    ['bind', 'sample-site'],
    ['volume', 'sample-site'],
  ]);
  expect(file.results.every((r) => r.firstRun !== undefined)).toBe(true);
  expect(text).not.toContain(home);
  expect(readdirSync(dashboard.resultsDir)).toContain(`${runId}.json`);

  // Remembered: after a reload the folder is offered again among the recent ones. The run's
  // clean-up ends first: a page reloaded while it goes on rejoins the run on the Run view, as it should.
  await waitForRunEnd(page);
  await page.reload();
  await waitForSetup(page);
  await expect(tid(page, 'project-recent-0')).toHaveText(project);
});
