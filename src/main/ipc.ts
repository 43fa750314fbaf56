// The only module that touches ipcMain: it binds the core API to IPC handlers for one window and
// pushes that window the run events. Every call is answered only for our own window's top frame
// on our own page; everything else gets an error and touches nothing.
import { ipcMain, type BrowserWindow } from 'electron';
import type { MountbenchApi } from '../shared/api';
import { CHANNELS } from '../shared/api';
import type { IpcResult } from '../shared/ipc-bridge';
import { createAppUrlMatcher } from './app-url';
import { createEventThrottle } from './event-throttle';
import { createIpcHandlers, type InvokeChannel } from './ipc-handlers';
import { isTrustedSender } from './trusted-sender';

export interface BindApiOptions {
  /** The URL the window loads: the dev server's, or the built index.html as a file: URL. */
  appUrl: string;
}

/**
 * Serves `api` to `window` until the window closes (or the returned function is called).
 * Binding again after that is allowed, e.g. when macOS re-opens a window from the dock.
 */
export function bindApi(api: MountbenchApi, window: BrowserWindow, options: BindApiOptions): () => void {
  const isAppUrl = createAppUrlMatcher(options.appUrl);
  const webContents = window.webContents;
  const handlers = createIpcHandlers(api);
  const channels = Object.keys(handlers) as InvokeChannel[];

  for (const channel of channels) {
    const handler = handlers[channel];
    ipcMain.handle(channel, async (event, ...args: unknown[]): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, webContents, isAppUrl)) {
        console.warn(
          `mountbench: refused ${channel} from an untrusted sender (${event.senderFrame?.url ?? 'gone'})`,
        );
        return {
          ok: false,
          error: {
            name: 'MountbenchError',
            message: `Refused ${channel}: the caller is not the app`,
            code: 'INTERNAL',
          },
        };
      }
      return handler(args);
    });
  }

  const throttle = createEventThrottle((runEvent) => {
    if (!webContents.isDestroyed()) webContents.send(CHANNELS.runsEvent, runEvent);
  });
  const subscription = new AbortController();
  api.runs.onEvent((runEvent) => throttle.push(runEvent), { signal: subscription.signal });

  let bound = true;
  function unbind(): void {
    if (!bound) return;
    bound = false;
    subscription.abort();
    throttle.close();
    for (const channel of channels) ipcMain.removeHandler(channel);
  }
  window.once('closed', unbind);
  return unbind;
}
