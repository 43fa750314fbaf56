// A flow's key screens: a PNG attached to the test (in the report and under test-results/e2e/…),
// and the same file under a stable name in test-results/e2e-screens/<project>/, where the guides'
// pictures are copied from (docs/qa.md says how).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { SCREENS_DIR } from './paths';

export async function snap(
  testInfo: TestInfo,
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const file = testInfo.outputPath(`${name}.png`);
  if ('goto' in target) {
    await target.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
  } else {
    await target.screenshot({ path: file, animations: 'disabled' });
  }
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const stable = join(SCREENS_DIR, testInfo.project.name);
  mkdirSync(stable, { recursive: true });
  copyFileSync(file, join(stable, `${name}.png`));
  return file;
}
