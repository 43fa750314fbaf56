// How every Chromium this project drives is launched: the Playwright flows, the integration test
// that opens serve in a browser, and the dashboard benches.

/** Quiet (no network of its own, no first-run UI) and sandbox-free for a root container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
