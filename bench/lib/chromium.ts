// Debian's Chromium for the benchmarks that open the dashboard: quiet (no network of its own, no
// first-run UI) and sandbox-free for a root container, with the Playwright flows' arguments.
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';

/** CHROMIUM names another binary. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
