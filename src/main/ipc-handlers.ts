// The desktop app's IPC binding, without Electron: one handler per row of the call table, each
// answering only our own window (trusted-sender.ts) and going through api-dispatch.ts; and the
// run and sweep events pushed to that window through the throttle. ipc.ts hands it Electron's ipcMain and
// the window; unit and contract tests hand it plain objects, so all of this runs under Node.
import type { MountbenchApi } from '../shared/api';
import { API_CHANNELS, RUN_EVENT_CHANNEL, SWEEP_EVENT_CHANNEL, type ApiChannel } from '../shared/api-calls';
import type { IpcResult } from '../shared/ipc-bridge';
import type { RunEvent } from '../shared/run-events';
import type { SweepEvent } from '../shared/sweep';
import { dispatch } from '../core/app/api-dispatch';
import { createEventThrottle, sweepCoalesceKey } from '../core/app/event-throttle';
import { isTrustedSender, type SenderEvent } from './trusted-sender';

export type IpcHandler = (args: readonly unknown[]) => Promise<IpcResult<unknown>>;

/** The parts of Electron's ipcMain the binding uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The parts of the window's webContents the binding uses. */
export interface WebContentsLike {
  send(channel: string, event: RunEvent | SweepEvent): void;
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

/** Serves every call to `webContents` and pushes it the run events; returns the function that stops. */
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

  const throttle = createEventThrottle((runEvent) => {
    if (!webContents.isDestroyed()) webContents.send(RUN_EVENT_CHANNEL, runEvent);
  });
  const subscription = new AbortController();
  api.runs.onEvent((runEvent) => throttle.push(runEvent), { signal: subscription.signal });
  const sweepThrottle = createEventThrottle<SweepEvent>(
    (sweepEvent) => {
      if (!webContents.isDestroyed()) webContents.send(SWEEP_EVENT_CHANNEL, sweepEvent);
    },
    { key: sweepCoalesceKey },
  );
  api.sweeps.onEvent((sweepEvent) => sweepThrottle.push(sweepEvent), { signal: subscription.signal });

  let bound = true;
  return () => {
    if (!bound) return;
    bound = false;
    subscription.abort();
    throttle.close();
    sweepThrottle.close();
    for (const channel of API_CHANNELS) ipcMain.removeHandler(channel);
  };
}
