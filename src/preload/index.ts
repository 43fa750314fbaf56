// The page's only way into the app: one named bridge (window.mountbench) with one function per
// action, each bound to its own channel. No generic invoke/send/on is exposed, so a compromised
// page can reach nothing but these calls, and the main process validates their arguments again.
// See src/shared/ipc-bridge.ts for why this is a bridge of plain data that the page turns into
// MountbenchApi itself.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from '../shared/ipc-bridge';

contextBridge.exposeInMainWorld('mountbench', createPreloadBridge(ipcRenderer));
