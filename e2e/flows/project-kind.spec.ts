// A kind of project from Setup (issue 26): a Node front end's folder is looked in, Setup says what
// it looks like and why, one click picks that kind's workloads and profile; narrowed to its
// npm install (the quick lockfile, on a plain bind mount, the bind with node_modules in a named
// volume, and the host) and its page reload (on the bind mount), the run ends on Results with the
// layout verdict, the kind's profile and the page's p50 and p95 after an edit and without one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFileSchema } from '../../src/shared/result-schema';
import { PROJECT_KINDS } from '../../src/shared/project-kinds';
import { choose, RUN_TIMEOUT_MS, shownRunId, startRun, tid, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/screens';

const root = mkdtempSync(join(tmpdir(), 'mountbench-e2e-kind-'));
const home = join(root, 'home');
test.afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a kind of project: suggested from the folder, picked in one click, npm install ends on the layout verdict', async ({
  launchDashboard,
}, testInfo) => {
  const project = join(home, 'code', 'shop-front');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'shop-front',
      dependencies: { react: '^19.0.0' },
      scripts: { build: 'vite build' },
    }),
  );
  const dashboard = await launchDashboard({ name: 'project-kind', env: { HOME: home } });
  const { page } = dashboard;
  await waitForSetup(page);
  // The default set is the published workloads: none of the working-day ones is ticked.
  await expect(tid(page, 'project-kind-none')).toBeChecked();
  for (const id of PROJECT_KINDS['node-frontend'].workloads.filter(
    (w) => w !== 'sync-latency' && w !== 'small-file-read',
  ))
    await expect(tid(page, `workload-checkbox-${id}`)).not.toBeChecked();

  await tid(page, 'project-folder-input').fill('~/code/shop-front');
  await tid(page, 'project-inspect').click();
  await expect(tid(page, 'project-name')).toHaveText('shop-front');
  await expect(tid(page, 'project-kind-suggestion')).toHaveText(
    'Your project looks like: Node front end (package.json depends on react). Measure what it waits on',
  );
  await expect(tid(page, 'project-kind-suggested-node-frontend')).toBeVisible();
  await tid(page, 'project-kind-suggestion').getByRole('button').click();
  await expect(tid(page, 'project-kind-node-frontend')).toBeChecked();
  await expect(tid(page, 'project-kind-suggestion')).toHaveCount(0);
  for (const id of PROJECT_KINDS['node-frontend'].workloads)
    await expect(tid(page, `workload-checkbox-${id}`)).toBeChecked();
  await snap(testInfo, page, 'project-kind-setup');

  // Only its npm install and page reload, to keep the flow short; the project's own build is not
  // measured here.
  await tid(page, 'project-include').setChecked(false);
  await choose(page, {
    preset: 'quick',
    workloads: ['npm-install', 'page-reload'],
    mounts: ['bind', 'host'],
  });
  await expect(tid(page, 'setup-problem')).toHaveCount(0);
  await startRun(page);
  await expect(tid(page, 'panel-results')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  const runId = await shownRunId(page);
  await expect(tid(page, 'results-header')).toContainText('completed');
  // The answer names a layout, and Results weigh it with the kind's profile.
  await expect(tid(page, 'verdict-layout')).toHaveText(
    /^npm install: fastest layout here is .+ \(\d+\.\d\d s median\)/,
  );
  await expect(tid(page, 'profile-select')).toHaveValue('node-frontend');
  // page-reload's percentiles, which no column of the table shows, under it (the host has no web server).
  const pageLines = tid(page, 'results-derived').getByRole('listitem');
  await expect(pageLines.first()).toHaveText(
    /^Page reload · .+: p50 [\d.]+ m?s, p95 [\d.]+ m?s after an edit( \(.+\))?; p50 [\d.]+ m?s, p95 [\d.]+ m?s without an edit \(first request after the lay [\d.]+ m?s\)$/,
  );
  await snap(testInfo, page, 'project-kind-results');

  // Three layouts measured: the plain bind, its twin with node_modules in a volume, the host.
  const file = runFileSchema.parse(
    JSON.parse(readFileSync(join(dashboard.resultsDir, `${runId}.json`), 'utf8')),
  );
  // One line per backend that served the page, each from its two results (no-edit, after-edit).
  const served = file.results.filter((r) => r.workload.id === 'page-reload');
  expect(served.length).toBeGreaterThan(0);
  expect(served.every((r) => r.backend.mount === 'bind')).toBe(true);
  await expect(pageLines).toHaveCount(new Set(served.map((r) => r.backend.id)).size);
  const layouts = file.results
    .filter((r) => r.workload.id === 'npm-install')
    .map(
      (r) =>
        r.backend.mount + (r.backend.dependencyVolume ? ` + ${r.backend.dependencyVolume} in a volume` : ''),
    )
    .sort();
  expect(layouts).toEqual(['bind', 'bind + node_modules in a volume', 'host']);
  expect(file.npmLayouts?.rows.length).toBe(3);
});
