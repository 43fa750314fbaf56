// The desktop app's IPC binding, without Electron: one handler per row of the call table, each
// answering only our own window (trusted-sender.ts) and going through api-dispatch.ts; and the
// job events pushed to that window (core/app/event-pump.ts). ipc.ts hands it Electron's ipcMain and
// the window; unit and contract tests hand it plain objects, so all of this runs under Node.
import type { MountbenchApi } from '../shared/api';
import { API_CHANNELS, JOB_EVENT_CHANNEL, type ApiChannel } from '../shared/api-calls';
import type { JobEvent } from '../shared/jobs';
import type { IpcResult } from '../shared/ipc-bridge';
import { dispatch } from '../core/app/api-dispatch';
import { pumpJobEvents } from '../core/app/event-pump';
import { isTrustedSender, type SenderEvent } from './trusted-sender';

export type IpcHandler = (args: readonly unknown[]) => Promise<IpcResult<unknown>>;

/** The parts of Electron's ipcMain the binding uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The parts of the window's webContents the binding uses. */
export interface WebContentsLike {
  send(channel: typeof JOB_EVENT_CHANNEL, event: JobEvent): void;
  isDestroyed(): boolean;
}

export function createIpcHandlers(api: MountbenchApi): Record<ApiChannel, IpcHandler> {
  const entries = API_CHANNELS.map((channel): [ApiChannel, IpcHandler] => [
    channel,
    (args) => dispatch(api, channel, args),
  ]);
  return Object.fromEntries(entries) as Record<ApiChannel, IpcHandler>;
}

export interface RegisterIpcOptions {
  ipcMain: IpcMainLike;
  api: MountbenchApi;
  webContents: WebContentsLike;
  /** True only for a document of our app (app-url.ts). */
  isAppUrl: (url: string) => boolean;
  /** Told about refused calls (a console warning in the app). */
  onRefused?: (channel: ApiChannel, senderUrl: string | null) => void;
}

/** Serves every call to `webContents` and pushes it the job events; returns the function that stops. */
export function registerIpc(options: RegisterIpcOptions): () => void {
  const { ipcMain, api, webContents, isAppUrl } = options;
  const handlers = createIpcHandlers(api);

  for (const channel of API_CHANNELS) {
    const handler = handlers[channel];
    ipcMain.handle(channel, async (event, ...args): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, webContents, isAppUrl)) {
        options.onRefused?.(channel, event.senderFrame?.url ?? null);
        return {
          ok: false,
          error: {
            name: 'MountbenchError',
            message: `Refused ${channel}: the caller is not the app`,
            code: 'BAD_INPUT',
          },
        };
      }
      return handler(args);
    });
  }

  const stopPump = pumpJobEvents(api, (event) => {
    if (!webContents.isDestroyed()) webContents.send(JOB_EVENT_CHANNEL, event);
  });

  let bound = true;
  return () => {
    if (!bound) return;
    bound = false;
    stopPump();
    for (const channel of API_CHANNELS) ipcMain.removeHandler(channel);
  };
}
