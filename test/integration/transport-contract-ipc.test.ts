// The transport contract over the desktop app's IPC path: the real core behind registerIpc (the
// handlers, sender check, api-dispatch and event throttle ipc.ts binds to ipcMain), and the page's
// MountbenchApi built on the real preload bridge. Electron itself is not launched here (no Electron
// binary runs on this machine): an in-process fake carries the calls between the two halves the
// way Electron's IPC does (structured clone, one fixed channel per call).
import { expect, it } from 'vitest';
import { createCoreApi } from '../../src/core/app/core-api';
import { API_CHANNELS } from '../../src/shared/api-calls';
import { transportContract } from './transport-contract';
import { fakeElectron } from './transport-contract-fake-electron';

transportContract({
  name: 'ipc',
  async start({ dataDir, cacheDir, env }) {
    const core = createCoreApi({ transport: 'ipc', dataDir, cacheDir, env });
    const electron = fakeElectron(core);
    return {
      api: electron.api,
      raw: (channel, args) => electron.rawInvoke(channel, args),
      async stop() {
        electron.close();
        await core.shutdown();
      },
    };
  },
});

it('ipcMain handles exactly the channels of the call table, and unbinding removes them all', () => {
  const electron = fakeElectron(createCoreApi({ transport: 'ipc', dataDir: '/nonexistent-mountbench' }));
  expect(electron.handledChannels().sort()).toEqual([...API_CHANNELS].sort());
  electron.close();
  expect(electron.handledChannels()).toEqual([]);
});
