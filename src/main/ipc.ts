// The only module that touches ipcMain: it binds the core API to IPC handlers for one window and
// pushes that window the job events (the binding itself lives in ipc-handlers.ts, free of Electron
// so it runs in tests). Every call is answered only for our own window's top frame on our own
// page; everything else gets an error and touches nothing.
import { ipcMain, type BrowserWindow } from 'electron';
import type { MountbenchApi } from '../shared/api';
import { createAppUrlMatcher } from './app-url';
import { registerIpc } from './ipc-handlers';

export interface BindApiOptions {
  /** The URL the window loads: the dev server's, or the built index.html as a file: URL. */
  appUrl: string;
}

/**
 * Serves `api` to `window` until the window closes (or the returned function is called).
 * Binding again after that is allowed, e.g. when macOS re-opens a window from the dock.
 */
export function bindApi(api: MountbenchApi, window: BrowserWindow, options: BindApiOptions): () => void {
  const unbind = registerIpc({
    ipcMain,
    api,
    webContents: window.webContents,
    isAppUrl: createAppUrlMatcher(options.appUrl),
    onRefused: (channel, url) =>
      console.warn(`mountbench: refused ${channel} from an untrusted sender (${url ?? 'gone'})`),
  });
  window.once('closed', unbind);
  return unbind;
}
