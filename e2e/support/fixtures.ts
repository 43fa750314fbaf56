// The one `test` every flow imports. A flow asks for `dashboard` (the app, ready to drive) or
// `launchDashboard` (an app of its own with a special environment: no engine, an engine that
// goes away). The project decides what the app is:
//   - `serve`: `mountbench serve` in Debian's Chromium (the shared server from global-setup.ts, or
//     one started for the flow);
//   - `electron`: the desktop app through `_electron.launch`, or every flow skipped with the reason
//     where no Electron binary is installed.
import { expect, test as base, type Browser, type Page, type TestInfo } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium';
import { RUN_TIMEOUT_MS } from './dashboard';
import { electronSkipReason, launchElectron } from './electron-app';
import { resultFileMaker, type ResultFile } from './result-files';
import { sandboxDirs, sandboxEnv } from './sandbox-dirs';
import { startServe } from './serve-process';
import { sharedServe } from './shared-serve';

export type AppMode = 'serve' | 'electron';

/**
 * Debian's Chromium (`apt-get install chromium`), never one Playwright downloads. Elsewhere (a Mac)
 * MOUNTBENCH_E2E_CHROMIUM names an installed Chromium or Chrome binary.
 */
export const CHROMIUM_PATH = process.env.MOUNTBENCH_E2E_CHROMIUM || '/usr/bin/chromium';

export interface Dashboard {
  mode: AppMode;
  page: Page;
  /** The process whose pid its runs write in the `mountbench.owner` label. */
  ownerPid: number;
  dataDir: string;
  cacheDir: string;
  /** Where stored runs are: one JSON file per run. */
  resultsDir: string;
}

export interface LaunchOptions {
  /** Names its folders and logs. */
  name: string;
  /** Added to the sandbox environment (DOCKER_HOST, HOME…). */
  env?: NodeJS.ProcessEnv;
  /** A folder to hide behind an empty tmpfs in a mount namespace of the app's own. */
  hideFolder?: string;
}

interface TestFixtures {
  electronGate: void;
  dashboard: Dashboard;
  launchDashboard: (options: LaunchOptions) => Promise<Dashboard>;
  /** Two result files made by `mountbench run --json` (once per worker, on first use). */
  resultFiles: () => Promise<ResultFile[]>;
}

interface WorkerFixtures {
  appMode: AppMode;
  /** Chromium for the serve project; null in the Electron project, which never launches it. */
  serveBrowser: Browser | null;
  resultFileMaker: ReturnType<typeof resultFileMaker>;
}

async function openServePage(browser: Browser | null, url: string): Promise<Page> {
  if (!browser) throw new Error('no browser in this project');
  // Through the browser's own newContext, so the config's context options and tracing apply.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function attachLog(testInfo: TestInfo, name: string, path: string): Promise<void> {
  await testInfo.attach(name, { path, contentType: 'text/plain' }).catch(() => undefined);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  appMode: ['serve', { option: true, scope: 'worker' }],

  serveBrowser: [
    async ({ appMode, playwright }, use) => {
      if (appMode !== 'serve') {
        await use(null);
        return;
      }
      const browser = await playwright.chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  resultFileMaker: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const maker = resultFileMaker();
      await use(maker);
      maker.remove();
    },
    { scope: 'worker' },
  ],

  resultFiles: async ({ resultFileMaker: maker }, use) => {
    await use(() => maker.get());
  },

  electronGate: [
    async ({ appMode }, use, testInfo) => {
      if (appMode === 'electron') {
        const reason = electronSkipReason();
        // Skipped, with the reason in the report: a flow that could not run never counts as passed.
        if (reason) testInfo.skip(true, reason);
      }
      await use();
    },
    { auto: true },
  ],

  launchDashboard: async ({ appMode, serveBrowser }, use, testInfo) => {
    const stops: Array<() => Promise<void>> = [];
    await use(async (options) => {
      const dirs = sandboxDirs(options.name);
      const env = sandboxEnv(dirs, options.env);
      const folders = { dataDir: dirs.dataDir, cacheDir: dirs.cacheDir, resultsDir: dirs.resultsDir };
      if (appMode === 'serve') {
        const logFile = testInfo.outputPath(`${options.name}-serve.log`);
        const serve = await startServe({ env, logFile, hideFolder: options.hideFolder });
        const page = await openServePage(serveBrowser, serve.url);
        stops.push(async () => {
          await page.context().close();
          const code = await serve.stop();
          await attachLog(testInfo, `${options.name}-serve.log`, logFile);
          dirs.remove();
          // SIGINT must cancel, clean up and exit 0 whatever the flow did to the engine.
          if (code !== 0) throw new Error(`${options.name}: mountbench serve exited ${code} after SIGINT`);
        });
        return { mode: appMode, page, ownerPid: serve.pid, ...folders };
      }
      const launched = await launchElectron({ env, hideFolder: options.hideFolder, scratchDir: dirs.root });
      // Electron's context is not traced by the runner: record it here, keep it on failure.
      await launched.app.context().tracing.start({ screenshots: true, snapshots: true });
      stops.push(async () => {
        const failed = testInfo.status !== testInfo.expectedStatus;
        await launched.app
          .context()
          .tracing.stop(failed ? { path: testInfo.outputPath(`${options.name}-trace.zip`) } : {});
        // Closing quits the app, which cancels its runs and cleans up before it exits.
        await launched.app.close();
        dirs.remove();
      });
      return { mode: appMode, page: launched.page, ownerPid: launched.pid, ...folders };
    });
    for (const stop of stops.reverse()) await stop();
  },

  dashboard: async ({ appMode, serveBrowser, launchDashboard }, use, testInfo) => {
    if (appMode === 'electron') {
      // One app per flow: the desktop app holds a single-instance lock.
      await use(await launchDashboard({ name: 'app' }));
      return;
    }
    const shared = sharedServe();
    const page = await openServePage(serveBrowser, shared.url);
    await use({
      mode: appMode,
      page,
      ownerPid: shared.pid,
      dataDir: shared.dataDir,
      cacheDir: shared.cacheDir,
      resultsDir: shared.resultsDir,
    });
    // A flow that ended on a run's answer leaves its clean-up going in the shared server: it ends
    // here, so the next flow finds the engine bare and its Start button enabled. (A flow that failed
    // mid-run is not waited for: the next one rejoins its run, as before.)
    if (testInfo.status === testInfo.expectedStatus)
      await expect(page.getByRole('img', { name: '(a run is in progress)' })).toHaveCount(0, {
        timeout: RUN_TIMEOUT_MS,
      });
    await page.context().close();
  },
});

export { expect };
