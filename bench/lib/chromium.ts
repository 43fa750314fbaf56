// Debian's Chromium for the benchmarks that open the dashboard: quiet (no network of its own, no
// first-run UI) and sandbox-free for a root container, as the Playwright flows launch it.
import { chromium, type Browser } from '@playwright/test';

/** CHROMIUM names another binary. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
