// The page's only way into the app: one named bridge with one function per action. No generic
// invoke/send/on is exposed, so a compromised page can reach nothing but these calls, and the main
// process validates their arguments again. See src/shared/ipc-bridge.ts for why this is a bridge
// of plain data that the page turns into MountbenchApi itself.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNELS } from '../shared/api';
import type { MountbenchBridge } from '../shared/ipc-bridge';
import type { RunEvent } from '../shared/run-events';

const bridge: MountbenchBridge = {
  engines: {
    list: () => ipcRenderer.invoke(CHANNELS.enginesList),
  },
  runs: {
    start: (request) => ipcRenderer.invoke(CHANNELS.runsStart, request),
    cancel: (runId) => ipcRenderer.invoke(CHANNELS.runsCancel, runId),
    onEvent(listener) {
      if (typeof listener !== 'function') throw new TypeError('runs.onEvent needs a listener function');
      // The page never sees the IPC event object (it carries `sender`, a way back into Electron).
      const forward = (_event: IpcRendererEvent, runEvent: RunEvent): void => listener(runEvent);
      ipcRenderer.on(CHANNELS.runsEvent, forward);
      return () => {
        ipcRenderer.removeListener(CHANNELS.runsEvent, forward);
      };
    },
  },
  results: {
    list: () => ipcRenderer.invoke(CHANNELS.resultsList),
  },
};

contextBridge.exposeInMainWorld('mountbench', bridge);
