// Electron start-up, kept thin: one hardened window, the menu, and the core API bound to IPC.
// Everything that does work lives in src/core, which never imports Electron.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog } from 'electron';
import { createAppUrlMatcher } from './app-url';
import { installAppMenu } from './app-menu';
import type { CoreApi } from '../core/app/core-api';
import { startCore } from '../core/app/start-up';
import { bindApi } from './ipc';
import { withProductFolders } from './mac-path';
import { resourcePath } from './resources-path';
import { onStopSignals } from '../shared/stop-signals';
import { setWorkerEntry } from '../core/worker-start';
import { blockNavigation, hardenSession } from './window-security';

// electron-vite sets this while `npm start` serves the renderer from its dev server.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const indexHtml = join(__dirname, '../renderer/index.html');
const appUrl = devServerUrl ?? pathToFileURL(indexHtml).href;
// The core's worker threads start from main's second bundle (src/core/worker-entry.ts), beside
// this one: this file starts the app when loaded, so it cannot be a worker itself.
setWorkerEntry(join(__dirname, 'worker.js'));

function createWindow(api: CoreApi): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Mountbench',
    icon: resourcePath('icon.png', {
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      appPath: app.getAppPath(),
    }),
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });
  bindApi(api, window, { appUrl });
  window.once('ready-to-show', () => window.show());
  if (devServerUrl) void window.loadURL(devServerUrl);
  else void window.loadFile(indexHtml);
  return window;
}

// Quitting mid-run must still remove the run's containers, volumes and fixtures: hold the quit
// until every run has been cancelled and cleaned up.
function stopRunsBeforeQuit(api: CoreApi): void {
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    stopped = true;
    api
      .shutdown()
      .catch((err: unknown) => console.error('mountbench: cleanup before quitting failed:', err))
      .finally(() => app.quit());
  });
  // Ctrl-C in the terminal that started the app, `kill`, or that terminal closed: the same clean
  // quit as the menu's, not Node's immediate exit. A later signal cannot hurry the clean-up (settings
  // may be being put back), so it is only noted.
  onStopSignals(
    () => app.quit(),
    (signal) => console.error(`mountbench: ${signal} again; still cleaning up before quitting`),
  );
}

if (process.platform === 'darwin') process.env.PATH = withProductFolders(process.env.PATH, homedir());

// A second copy would run benchmarks against the same engines and settings at the same time.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  blockNavigation(createAppUrlMatcher(appUrl));
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  void app.whenReady().then(() => {
    hardenSession();
    installAppMenu();
    // A sweep that crashed left another product's settings changed: they are put back before
    // anything else (core/app/start-up.ts), and the user is told (a dialog now, and the
    // dashboard's notices). The data folder is the CLI's, not Electron's userData: runs, imports
    // and the settings journal must be one set whichever tool made them.
    const { api } = startCore({
      transport: 'ipc',
      onRestored: (note) =>
        void dialog.showMessageBox({ type: 'info', message: 'Settings put back', detail: note }),
      log: (line) => console.info(`mountbench: ${line}`),
      // "My project": the system's own folder dialog; the path never comes from the page.
      pickFolder: async () => {
        const parent = BrowserWindow.getFocusedWindow();
        const options = { title: 'Choose your project folder', properties: ['openDirectory' as const] };
        const chosen = parent
          ? await dialog.showOpenDialog(parent, options)
          : await dialog.showOpenDialog(options);
        return chosen.canceled ? null : (chosen.filePaths[0] ?? null);
      },
    });
    createWindow(api);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow(api);
    });
    stopRunsBeforeQuit(api);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
