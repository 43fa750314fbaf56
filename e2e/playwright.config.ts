// The QA flows: `npx playwright test -c e2e/playwright.config.ts` (the `test:e2e` script).
// Two projects run the same specs: the dashboard served by `mountbench serve` in Debian's Chromium,
// and the desktop app through `_electron.launch` (skipped, with the reason, where no Electron binary
// is installed). Both drive the real core against the real local Docker engine.
import { defineConfig } from '@playwright/test';
import type { AppMode } from './support/fixtures';
import { E2E_OUTPUT_DIR, PLAYWRIGHT_REPORT } from './support/paths';

export default defineConfig<{ appMode: AppMode }>({
  testDir: './flows',
  testMatch: '**/*.spec.ts',
  outputDir: E2E_OUTPUT_DIR,
  globalSetup: './support/global-setup.ts',
  // One flow at a time: they share one engine (and, for serve, one server whose page rejoins any
  // run in progress), and a 2-core machine measures better without a second run beside it.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Runs on a loaded machine take what they take: generous limits, and no assertion on time. The
  // flows run beside the integration suite and the VM suite (scripts/run-test-suites.sh): the
  // longest, run-responsive, took 109 s alone, and three times that beside them is no fault.
  timeout: 900_000,
  expect: { timeout: 60_000 },
  reporter: [['list'], ['./support/skip-reasons-reporter.ts'], ['json', { outputFile: PLAYWRIGHT_REPORT }]],
  use: {
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 60_000,
    navigationTimeout: 120_000,
  },
  projects: [
    { name: 'serve-chromium', use: { appMode: 'serve' } },
    { name: 'electron', use: { appMode: 'electron' } },
  ],
});
