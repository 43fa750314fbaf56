// "Benchmark my setup" with the Quick preset: choose, start, watch it run, and end on the results,
// their chart and a recommendation, against the real engine.
import {
  choose,
  RUN_TIMEOUT_MS,
  showTab,
  shownRunId,
  startRun,
  tid,
  waitForRecommendation,
  waitForSetup,
} from '../support/dashboard';
import { findExecutable } from '../../src/core/vocab/find-executable';
import { SYNC_MOUNTS } from '../support/dashboard';
import { expect, test } from '../support/fixtures';
import { secondsInTooltip } from '../support/chart-checks';
import { snap } from '../support/screens';
import { saveShareCard, verdictStripBottom } from '../support/share-card';
import { expectFastestTrueToTable } from '../support/verdict-checks';

const WORKLOADS = ['small-file-read', 'dd-write', 'metadata-walk'];
const MOUNTS = ['bind', 'volume', 'host'] as const;

test('benchmark my setup (Quick): live progress, results, chart and a recommendation', async ({
  dashboard,
}, testInfo) => {
  const { page } = dashboard;
  await waitForSetup(page);

  // Setup: an engine that answers is chosen, and what will run is spelled out before anything runs.
  await expect(page.locator('[data-testid^="engine-radio-"]:checked')).toHaveCount(1);
  // And where its bind mounts really land, seen in a throwaway container (the fs type /proc/mounts names).
  const chosen = page.locator('[data-testid^="engine-radio-"]:checked');
  const engineName = ((await chosen.getAttribute('data-testid')) ?? '').replace('engine-radio-', '');
  await expect(tid(page, `engine-fs-${engineName}`)).toHaveText(
    /^Bind mounts land on [a-z0-9._]+ \(seen in a container just now\)$/,
  );
  await choose(page, { preset: 'quick', workloads: WORKLOADS, mounts: [...MOUNTS] });
  await expect(tid(page, 'preset-quick')).toBeChecked();
  // The sync mounts follow their tool: the dashboard's server runs with this process's PATH.
  for (const mount of SYNC_MOUNTS) {
    const box = tid(page, `mount-checkbox-${mount}`);
    const label = page.locator('label', { has: box });
    if (mount === 'compose-watch') {
      // Not a program of its own: it follows Docker Compose (with `watch`), measured in compose-watch.spec.ts.
      if (await box.isDisabled()) await expect(label).toContainText(/unavailable: .*Compose/);
    } else if (await findExecutable(mount)) await expect(box).toBeEnabled();
    else {
      await expect(box).toBeDisabled();
      await expect(label).toContainText(`unavailable: ${mount} is not installed (not on PATH)`);
    }
    await expect(box).not.toBeChecked();
  }
  await expect(tid(page, 'setup-backends-preview').locator('li')).toHaveCount(MOUNTS.length);
  await expect(tid(page, 'setup-estimate')).toContainText('in all');
  await expect(tid(page, 'setup-problem')).toHaveCount(0);
  await snap(testInfo, page, 'benchmark-setup');

  await startRun(page);
  const backends = page.locator('[data-testid^="backend-state-"]');
  await expect(backends).toHaveCount(MOUNTS.length);

  // Live progress: executions are counted as they land, and the samples appear in the live chart.
  await expect
    .poll(async () => Number((await tid(page, 'run-progress').getAttribute('aria-valuenow')) ?? 0), {
      timeout: RUN_TIMEOUT_MS,
    })
    .toBeGreaterThan(0);
  await expect(tid(page, 'run-live-chart')).toBeVisible();
  await expect(tid(page, 'run-live-table').locator('tbody tr').first()).toBeVisible();
  await expect(tid(page, 'run-log')).toContainText(/started|finished/i);
  await snap(testInfo, page, 'benchmark-running');

  // A completed run opens in Results by itself.
  await expect(tid(page, 'panel-results')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  const runId = await shownRunId(page);
  await expect(tid(page, 'results-header')).toContainText('completed');
  await expect(tid(page, 'results-engine')).not.toContainText('no engine');

  // The chart: one legend entry per backend; the table: one row per backend and workload.
  await expect(tid(page, 'results-chart')).toBeVisible();
  await expect(tid(page, 'results-chart').locator('svg').first()).toBeVisible();
  await expect(page.locator('[data-testid^="legend-"]')).toHaveCount(MOUNTS.length);
  await expect(page.locator('[data-testid^="results-row-"]')).toHaveCount(MOUNTS.length * WORKLOADS.length);
  for (const workload of WORKLOADS) {
    await expect(page.locator(`[data-testid^="results-row-"][data-testid$="-${workload}"]`)).toHaveCount(
      MOUNTS.length,
    );
  }
  await expect(tid(page, `results-row-host-dd-write`)).toBeVisible();

  // The answer: a verdict, the backend to use, and how to apply it.
  await waitForRecommendation(page);
  await expect(tid(page, 'recommendation-choice')).not.toBeEmpty();
  await expect(tid(page, 'recommendation-action')).not.toBeEmpty();
  // The verdict on top: within the first 900 px of a 1440 × 900 window; then the share card.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(tid(page, 'verdict-strip')).toHaveAttribute(
    'data-state',
    /^(decided|only|undecided|tie|none)$/,
  );
  expect(await verdictStripBottom(page)).toBeLessThanOrEqual(900);
  // True to the table: the bind mount is alone for the source tree, so it is its only option, not
  // its fastest, and no backend is called "Fastest" while its role's score table ranks another above it.
  await expect(tid(page, 'recommendation-verdict')).toHaveText('Only option measured for the source tree');
  await expect(tid(page, 'verdict-strip')).toHaveAttribute('data-state', 'only');
  await expect(tid(page, 'verdict-sentence')).toHaveText(
    /^Only option measured for the source tree: bind mount[^,]*, nothing to compare it with\.$/,
  );
  await expectFastestTrueToTable(page);
  // A bar's tooltip: its workload's bars fastest first, each with ± σ, and its ratio to the fastest
  // in the verdict strip's words (the host named as the baseline).
  // A whisker runs through the middle of its bar: it must leave the pointer to the bar.
  const whisker = tid(page, 'results-chart').locator('.recharts-errorBar line').first();
  await expect(whisker).toHaveCSS('pointer-events', 'none');
  await tid(page, 'results-chart').locator('path.recharts-rectangle').first().hover();
  const tip = tid(page, 'results-chart-tooltip');
  await expect(tip).toContainText('fastest first');
  await expect(tip.locator('tr')).toHaveCount(MOUNTS.length);
  const means = await secondsInTooltip(tip);
  expect(means).toEqual([...means].sort((a, b) => a - b));
  await expect(tip).toContainText('baseline (no container)');
  await expect(tip).toContainText(/fastest/);
  await snap(testInfo, page, 'results-tooltip', { fullPage: false });
  await saveShareCard(page, testInfo, 'share-card-run');
  await saveShareCard(page, testInfo, 'share-card-run-dark', 'dark');
  await snap(testInfo, page, 'benchmark-results');
  await snap(testInfo, tid(page, 'recommendation-card'), 'benchmark-recommendation');

  // The finished run's live chart: a marker shape per workload, hollow warm-ups, and a tooltip that
  // names the point.
  await showTab(page, 'run');
  const live = tid(page, 'run-live-chart');
  await expect(live.locator('[data-testid^="run-live-shape-"]')).toHaveCount(WORKLOADS.length);
  const shapes = await live
    .locator('[data-testid^="run-live-shape-"] path')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('d')));
  expect(new Set(shapes).size).toBe(WORKLOADS.length);
  // The plot is a canvas (one paint per update): it says how many points it drew, and how many
  // of them hollow; the keyboard steps through them and names one in the tooltip.
  const plot = tid(page, 'run-live-canvas');
  await expect(plot).toBeVisible();
  expect(Number(await plot.getAttribute('data-drawn'))).toBeGreaterThan(0);
  // Quick: one warm-up per backend and workload, drawn hollow.
  await expect(plot).toHaveAttribute('data-warmups', String(MOUNTS.length * WORKLOADS.length));
  await plot.focus();
  await plot.press('End');
  await expect(tid(page, 'run-live-tooltip')).toHaveText(
    /^.+(read|write|walk)(warm-up|sample) \d+ · execution \d+[\d.]+ (s|ms|µs)$/i,
  );
  await snap(testInfo, page, 'run-live-tooltip', { fullPage: false });

  // The run is stored: History lists it.
  await tid(page, 'tab-history').click();
  await expect(tid(page, `history-row-${runId}`)).toBeVisible();
  await expect(tid(page, `history-row-${runId}`)).toContainText('completed');
});
