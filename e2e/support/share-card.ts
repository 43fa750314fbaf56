// The share card as a flow saves it: pressed in the page, downloaded, checked to be a PNG sized for
// a chat (at most 1600 px on its long side), kept under a stable name beside the flows' screens
// (docs/qa.md: the guides' pictures are copied from there), and the time it took printed: from the
// click to the download, and the page's own figure from pressing to the PNG. Printed, not asserted:
// a loaded machine takes what it takes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { tid } from './dashboard';
import { expect } from './fixtures';
import { pngSize } from './file-checks';
import { SCREENS_DIR } from './paths';

/** Chat apps keep a picture whole up to about this size on its long side. */
export const CARD_LONG_SIDE_MAX = 1600;

export async function saveShareCard(
  page: Page,
  testInfo: TestInfo,
  name: string,
  theme: 'light' | 'dark' = 'light',
): Promise<{ width: number; height: number; ms: number }> {
  await tid(page, 'share-card-theme').selectOption(theme);
  const start = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download'), tid(page, 'share-card-save').click()]);
  const failure = await download.failure();
  if (failure) throw new Error(`the share card download failed: ${failure}`);
  const bytes = await readFile(await download.path());
  const ms = Date.now() - start;
  const { width, height } = pngSize(bytes);
  expect(Math.max(width, height)).toBeLessThanOrEqual(CARD_LONG_SIDE_MAX);
  expect(Math.min(width, height)).toBeGreaterThan(400);
  await expect(tid(page, 'share-card-status')).toContainText(/Saved .*-card\.png \(made in \d+ ms\)/);
  const inPage = (await tid(page, 'share-card-status').textContent()) ?? '';
  const file = testInfo.outputPath(`${name}.png`);
  writeFileSync(file, bytes);
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const stable = join(SCREENS_DIR, testInfo.project.name);
  mkdirSync(stable, { recursive: true });
  writeFileSync(join(stable, `${name}.png`), bytes);
  const pageMs = /made in (\d+) ms/.exec(inPage)?.[1];
  console.log(
    `share card ${name} (${theme}): ${width} × ${height} px, ${ms} ms click to download, ${pageMs} ms in the page`,
  );
  return { width, height, ms };
}

/** The verdict strip's bottom edge, in page pixels from the top of the document. */
export async function verdictStripBottom(page: Page): Promise<number> {
  // A string, not a function: this folder's types have no DOM (the page has).
  await page.evaluate('window.scrollTo(0, 0)');
  const box = await tid(page, 'verdict-strip').boundingBox();
  if (!box) throw new Error('the verdict strip is not shown');
  return box.y + box.height;
}
