// Export and share: every format downloads from the Results view, and every file is what it says:
// the result file (our schema), hyperfine's JSON, RFC 4180 CSV, a Markdown table, and PNG pictures
// of the chart, the whole results view and a comparison.
import { readFile, writeFile } from 'node:fs/promises';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { runFileSchema, type RunFile } from '../../src/shared/result-schema';
import { showTab, tid, waitForRecommendation, waitForSetup } from '../support/dashboard';
import { csvObjects, markdownTable, pngSize } from '../support/file-checks';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/screens';
import { saveShareCard, verdictStripBottom } from '../support/share-card';

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), tid(page, button).click()]);
  const failure = await file.failure();
  if (failure) throw new Error(`${button}: the download failed: ${failure}`);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** A downloaded picture as a test artefact: a file under test-results/, attached to the report. */
async function keep(testInfo: TestInfo, file: { name: string; bytes: Buffer }): Promise<void> {
  const path = testInfo.outputPath(`exported-${file.name}`);
  await writeFile(path, file.bytes);
  await testInfo.attach(`exported ${file.name}`, { path, contentType: 'image/png' });
}

/** A picture drawn at twice the screen's resolution: about twice the element's CSS size. */
async function expectPictureOf(element: Locator, png: Buffer): Promise<void> {
  const { width, height } = pngSize(png);
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(width).toBeGreaterThan(200);
  expect(height).toBeGreaterThan(100);
  expect(Math.abs(width - 2 * (box?.width ?? 0))).toBeLessThanOrEqual(4);
  expect(width * height).toBeLessThan(100_000_000);
}

test('exports: each format downloads and its content is valid', async ({
  dashboard,
  resultFiles,
}, testInfo) => {
  const [file] = await resultFiles();
  const source = runFileSchema.parse(JSON.parse(await readFile(file.path, 'utf8')));
  const { page } = dashboard;
  await waitForSetup(page);

  // The run to export: a colleague's file, imported and opened from History.
  await showTab(page, 'compare');
  await tid(page, 'import-input').setInputFiles(file.path);
  await expect(tid(page, `compare-run-${file.runId}`)).toBeChecked();
  await showTab(page, 'history');
  await tid(page, `history-open-${file.runId}`).click();
  await expect(tid(page, 'panel-results')).toBeVisible();
  await expect(tid(page, 'results-run-select')).toHaveValue(file.runId);
  await waitForRecommendation(page);
  const results = source.results.length;
  expect(results).toBeGreaterThan(0);

  // The answer first: in a 1440 × 900 window, the verdict strip ends within the first 900 px.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(tid(page, 'verdict-strip')).toHaveAttribute(
    'data-state',
    /^(decided|only|undecided|tie|none)$/,
  );
  await expect(tid(page, 'verdict-sentence')).not.toBeEmpty();
  await expect(tid(page, 'verdict-counts')).toContainText(`${source.results[0].workload.size} size`);
  expect(await verdictStripBottom(page)).toBeLessThanOrEqual(900);
  await snap(testInfo, page, 'results-verdict', { fullPage: false });

  // The share card: one chat-sized picture, in light and in dark.
  await saveShareCard(page, testInfo, 'share-card-imported-run');
  await saveShareCard(page, testInfo, 'share-card-imported-run-dark', 'dark');

  // JSON: the result file itself, valid against the schema, the same run.
  const json = await download(page, 'export-json');
  expect(json.name).toMatch(new RegExp(`${file.runId}.*\\.json$`));
  const exported: RunFile = runFileSchema.parse(JSON.parse(json.bytes.toString('utf8')));
  expect(exported.id).toBe(file.runId);
  expect(exported.results.map((r) => r.stats.mean)).toEqual(source.results.map((r) => r.stats.mean));
  await expect(tid(page, 'export-status')).toContainText(`Saved ${json.name}`);

  // hyperfine JSON: hyperfine's --export-json shape, one entry per result, every sample kept.
  const hyperfine = await download(page, 'export-hyperfine');
  expect(hyperfine.name).toMatch(/\.json$/);
  const hf = JSON.parse(hyperfine.bytes.toString('utf8')) as { results: Array<Record<string, unknown>> };
  expect(hf.results).toHaveLength(results);
  hf.results.forEach((entry, i) => {
    const stats = source.results[i].stats;
    expect(typeof entry.command).toBe('string');
    expect(entry.mean).toBe(stats.mean);
    expect(entry.times).toEqual(stats.samples);
    expect(entry.exit_codes).toEqual(stats.samples.map(() => 0));
    expect(Number(entry.min)).toBeLessThanOrEqual(Number(entry.mean));
    expect(Number(entry.mean)).toBeLessThanOrEqual(Number(entry.max));
  });

  // CSV: RFC 4180 (CRLF, quoting), a header with units, one row per result, the same numbers.
  const csv = await download(page, 'export-csv');
  expect(csv.name).toMatch(/\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const rows = csvObjects(text);
  expect(rows).toHaveLength(results);
  rows.forEach((row, i) => {
    expect(Number(row.mean_s)).toBe(source.results[i].stats.mean);
    expect(row.samples_s.split(' ').map(Number)).toEqual(source.results[i].stats.samples);
  });

  // Markdown: a table with a header, a delimiter row and one row per result.
  const md = await download(page, 'export-markdown');
  expect(md.name).toMatch(/\.md$/);
  const table = markdownTable(md.bytes.toString('utf8'));
  expect(table.header.slice(0, 3)).toEqual(['workload', 'backend', 'mean ± σ']);
  expect(table.rows).toHaveLength(results);
  for (const result of source.results) {
    expect(table.rows.some((r) => r[0].startsWith(result.workload.id) && r[1] === result.backend.label)).toBe(
      true,
    );
  }

  // PNG: the chart and the whole results view, at twice the screen's resolution.
  const chart = await download(page, 'export-png-chart');
  expect(chart.name).toBe(`mountbench-${file.runId}-chart.png`);
  await expectPictureOf(tid(page, 'results-chart'), chart.bytes);
  const view = await download(page, 'export-png-view');
  expect(view.name).toBe(`mountbench-${file.runId}-results.png`);
  await expectPictureOf(tid(page, 'results-view'), view.bytes);
  await snap(testInfo, page, 'exports-results');
  await keep(testInfo, view);

  // And a comparison as a picture.
  await showTab(page, 'compare');
  await tid(page, 'compare-published-m1-intel').click();
  await expect(tid(page, 'compare-view')).toBeVisible();
  const compare = await download(page, 'export-png-compare');
  expect(compare.name).toMatch(/^mountbench-comparison-\d{4}-\d{2}-\d{2}-full\.png$/);
  await expectPictureOf(tid(page, 'compare-view'), compare.bytes);
  await keep(testInfo, compare);
});
