// An in-process stand-in for the two halves of Electron's IPC, for the IPC run of the transport
// contract. Electron itself is NOT launched (no Electron binary can run on this machine): this
// fake only does what Electron's IPC does to the data, so that the real code on both sides runs
// unchanged: registerIpc (ipc-handlers.ts, what ipc.ts gives ipcMain) with its sender check,
// dispatch and throttle on the main side; createPreloadBridge (what the preload exposes) and
// createApiFromBridge (what the page builds) on the other.
//
// What it imitates: arguments and answers cross by structured clone (an Error loses its class and
// code, functions cannot cross), an invoke on a channel nobody handles rejects as Electron's does,
// and every invoke carries the sending frame.
import type { MountbenchApi } from '../../src/shared/api';
import {
  createApiFromBridge,
  createPreloadBridge,
  type IpcRendererLike,
  type IpcResult,
} from '../../src/shared/ipc-bridge';
import type { JobEvent } from '../../src/shared/jobs';
import { registerIpc, type IpcMainLike, type WebContentsLike } from '../../src/main/ipc-handlers';
import type { SenderEvent } from '../../src/main/trusted-sender';

const APP_URL = 'file:///mountbench/out/renderer/index.html';

type Handler = (event: SenderEvent, ...args: unknown[]) => Promise<unknown>;
type RendererListener = (event: unknown, ...args: unknown[]) => void;

export interface FakeElectron {
  /** What the page holds: MountbenchApi built on the preload's bridge. */
  api: MountbenchApi;
  /** An invoke on any channel, as only a compromised preload could send it. */
  rawInvoke(channel: string, args: unknown[]): Promise<IpcResult<unknown>>;
  /** Channels ipcMain has a handler for. */
  handledChannels(): string[];
  close(): void;
}

export function fakeElectron(core: MountbenchApi): FakeElectron {
  const handlers = new Map<string, Handler>();
  const rendererListeners = new Map<string, Set<RendererListener>>();
  const ipcMain: IpcMainLike = {
    handle(channel, listener) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  const webContents: WebContentsLike = {
    send(channel: string, event: JobEvent) {
      const copy = structuredClone(event);
      rendererListeners.get(channel)?.forEach((listener) => listener({ sender: 'ipc-renderer' }, copy));
    },
    isDestroyed: () => false,
  };
  const fromOurWindow: SenderEvent = { sender: webContents, senderFrame: { url: APP_URL, parent: null } };
  const ipcRenderer: IpcRendererLike = {
    async invoke(channel, ...args) {
      const handler = handlers.get(channel);
      if (!handler)
        throw new Error(`Error invoking remote method '${channel}': No handler registered for '${channel}'`);
      return structuredClone(await handler(fromOurWindow, ...structuredClone(args)));
    },
    on(channel, listener) {
      if (!rendererListeners.has(channel)) rendererListeners.set(channel, new Set());
      rendererListeners.get(channel)?.add(listener);
    },
    removeListener(channel, listener) {
      rendererListeners.get(channel)?.delete(listener);
    },
  };
  const unbind = registerIpc({ ipcMain, api: core, webContents, isAppUrl: (url) => url === APP_URL });
  return {
    api: createApiFromBridge(createPreloadBridge(ipcRenderer)),
    async rawInvoke(channel, args) {
      try {
        return (await ipcRenderer.invoke(channel, ...args)) as IpcResult<unknown>;
      } catch (err) {
        return { ok: false, error: { name: 'Error', message: (err as Error).message, code: 'INTERNAL' } };
      }
    },
    handledChannels: () => [...handlers.keys()],
    close: unbind,
  };
}
