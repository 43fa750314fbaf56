// Team: a dataset folder with runs from six machines on two Docker Desktop releases (real result
// files, written by the generator the unit tests use), a regression planted in small-file-read on
// VirtioFS and a noise-level change in dd-write on a named volume, plus hostile files. The Team page
// shows the spread, flags the regression (and not the noise) in the list and on the trend chart,
// and names each refused file.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { teamDataset, writeTeamDataset } from '../../src/core/team/test-support/team-dataset';
import { showTab, tid, waitForSetup } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/screens';

const VIRTIOFS_BIND = 'docker-desktop/vz-virtiofs/bind';

test('team: spread across machines, a planted regression flagged and on the trend, noise not, hostile files refused by name', async ({
  dashboard,
}, testInfo) => {
  const { page } = dashboard;
  const root = testInfo.outputPath('team-dataset');
  const runs = teamDataset({
    machines: 6,
    runsPerVersion: 1,
    versions: ['27.4.0', '27.5.1'],
    changes: [
      { workload: 'small-file-read', backendId: VIRTIOFS_BIND, version: '27.5.1', factor: 1.3 },
      {
        workload: 'dd-write',
        backendId: 'docker-desktop/vz-virtiofs/volume',
        version: '27.5.1',
        factor: 1.002,
      },
    ],
    seed: 2027,
  });
  await writeTeamDataset(root, runs);
  const machineDir = join(root, 'machines', runs[0].machineId);
  // JSON nested past any sane depth, a link out of the dataset, and a file outside the layout.
  writeFileSync(join(machineDir, 'deep-run.json'), '['.repeat(200_000) + ']'.repeat(200_000));
  symlinkSync('/etc/hostname', join(machineDir, 'linked-run.json'));
  mkdirSync(join(root, 'scratch'));
  writeFileSync(join(root, 'scratch', 'notes.md'), 'not a run');

  await waitForSetup(page);
  await showTab(page, 'team');
  await tid(page, 'team-folder').fill(root);
  await tid(page, 'team-load').click();
  await expect(tid(page, 'team-summary')).toHaveText('12 runs from 6 machines (Intel, M1, M2, M3, M4).');

  const refused = tid(page, 'team-refused-file');
  await expect(refused).toHaveCount(3);
  expect(await refused.evaluateAll((items) => items.map((i) => i.getAttribute('data-file')))).toEqual([
    `machines/${runs[0].machineId}/deep-run.json`,
    `machines/${runs[0].machineId}/linked-run.json`,
    'scratch/',
  ]);

  // The planted regression, seen on all six machines measured before and after. The planted noise
  // (0.2 %, inside the runs' intervals) is not flagged; any other flag is chance on one machine of
  // the 6 × 6 compared (the page says so), never a claim about most machines.
  const regression = page.locator(
    `[data-testid="team-change"][data-kind="regression"][data-workload="small-file-read"][data-backend="${VIRTIOFS_BIND}"]`,
  );
  await expect(regression).toHaveCount(1);
  await expect(regression).toHaveAttribute('data-sure', 'most-machines');
  await expect(regression.getByTestId('team-change-sure')).toHaveText(
    '6 of 6 machines: seen on most machines that measured both releases',
  );
  await expect(page.locator('[data-testid="team-change"][data-workload="dd-write"]')).toHaveCount(0);
  const others = page.locator(
    '[data-testid="team-change"]:not([data-workload="small-file-read"][data-backend="' +
      VIRTIOFS_BIND +
      '"])',
  );
  for (const sure of await others.evaluateAll((items) => items.map((i) => i.getAttribute('data-sure'))))
    expect(sure).toBe('one-machine');

  // The trend: it opens on the workload with the flagged change; a line per machine measured on
  // both releases, the regression marked on each machine's 27.5.1 point (drawn and in the table),
  // and nothing marked on the noise-level change in dd-write.
  await expect(tid(page, 'team-trend-workload')).toHaveValue('small-file-read@default');
  // The planted files record only the engine's version, so the trends are the engine-version series.
  const trend = tid(page, `team-trend-${VIRTIOFS_BIND}-engine-versions`);
  await expect(trend.locator('.recharts-line')).toHaveCount(6);
  await expect(trend.locator('[data-trend-flag="regression"]')).toHaveCount(6);
  // Each point's interval as an error bar: 6 machines × 2 releases.
  await expect(trend.locator('.recharts-errorBar')).toHaveCount(12);
  const trendRows = trend.getByTestId(`team-trend-${VIRTIOFS_BIND}-engine-versions-line`);
  await expect(trendRows).toHaveCount(6);
  expect(
    await trendRows.evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.getAttribute('data-flag'))),
    ),
  ).toEqual(Array.from({ length: 6 }, () => [null, 'regression']));
  await snap(testInfo, page, 'team-trend');
  await tid(page, 'team-trend-workload').selectOption('dd-write@default');
  const ddTrend = tid(page, 'team-trend-docker-desktop/vz-virtiofs/volume-engine-versions');
  await expect(ddTrend.locator('.recharts-line')).toHaveCount(6);
  await expect(ddTrend.locator('[data-trend-flag]')).toHaveCount(0);
  await expect(ddTrend.locator('td[data-flag]')).toHaveCount(0);

  // The spread: a row per chip family with its machines, and a dot per machine in the chart.
  const spread = tid(page, `team-spread-${VIRTIOFS_BIND}`);
  const groups = spread.getByTestId(`team-spread-${VIRTIOFS_BIND}-group`);
  expect(await groups.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-group')))).toEqual([
    'Intel',
    'M1',
    'M2',
    'M3',
    'M4',
  ]);
  await expect(spread.locator('.recharts-scatter-symbol')).toHaveCount(6 + 5 * 3);
  await tid(page, 'team-group-version').check();
  expect(await groups.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-group')))).toEqual([
    // The planted files record only the engine's version (as runs did before the product's own).
    'docker-desktop engine 27.4.0',
    'docker-desktop engine 27.5.1',
  ]);
  await expect(tid(page, 'team-winners-item').first()).toContainText('on 6 machines');
  await snap(testInfo, page, 'team-page');
});

test('team: publish a stored run from History to a dataset folder, exactly as previewed, and read it back', async ({
  launchDashboard,
}, testInfo) => {
  const dashboard = await launchDashboard({ name: 'team-publish' });
  const { page } = dashboard;
  // A stored run of this machine's (as a run leaves it in the results folder).
  const [stored] = teamDataset({
    machines: 1,
    runsPerVersion: 1,
    versions: ['27.4.0'],
    changes: [],
    seed: 7,
  });
  mkdirSync(dashboard.resultsDir, { recursive: true });
  writeFileSync(join(dashboard.resultsDir, `${stored.run.id}.json`), JSON.stringify(stored.run));
  // The page read the (empty) results folder as it opened: read it again.
  await page.reload();
  const dataset = testInfo.outputPath('published-dataset');
  mkdirSync(dataset);

  await waitForSetup(page);
  await showTab(page, 'history');
  await tid(page, `history-select-${stored.run.id}`).check();
  await tid(page, 'history-publish').click();
  await tid(page, 'publish-to').fill(dataset);
  await tid(page, 'publish-label').fill('QA Mac');
  await expect(tid(page, 'publish-go')).toHaveText('Show what will be shared');
  await tid(page, 'publish-go').click();
  const file = tid(page, 'publish-preview-file');
  await expect(file).toHaveCount(1);
  const path = (await file.getAttribute('data-path')) ?? '';
  // This machine has never published: its id is made at the first publish, and said so.
  expect(path).toBe(`machines/<new>/${stored.run.id}.json`);
  await expect(tid(page, 'publish-new-machine')).toBeVisible();
  await file.locator('summary').click();
  const previewed = (await file.locator('pre').textContent()) ?? '';
  expect(previewed).toContain('QA Mac');
  await expect(tid(page, 'publish-go')).toHaveText('Publish 1 run');
  await tid(page, 'publish-go').click();
  await expect(tid(page, 'publish-outcome')).toContainText('1 published, 0 already there');

  // What reached the dataset is byte for byte what the page showed, and none of this machine's folders.
  const machineId = /as machine (m-[0-9a-f]{16})\./.exec(
    (await tid(page, 'publish-outcome').textContent()) ?? '',
  )?.[1];
  expect(machineId).toBeDefined();
  const written = readFileSync(join(dataset, path.replace('<new>', machineId!)), 'utf8');
  expect(written).toBe(previewed);
  expect(written).not.toContain(dashboard.resultsDir);
  await snap(testInfo, page, 'team-publish');

  await showTab(page, 'team');
  await tid(page, 'team-folder').fill(dataset);
  await tid(page, 'team-load').click();
  await expect(tid(page, 'team-summary')).toContainText('1 run from 1 machine');
  await expect(tid(page, 'team-refused')).toHaveCount(0);
});
