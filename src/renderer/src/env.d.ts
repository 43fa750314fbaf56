import type { MountbenchBridge } from '../../shared/ipc-bridge';

declare global {
  interface Window {
    /**
     * Exposed by the preload inside the Electron app; absent in a plain browser. Page code calls
     * the MountbenchApi from ./api instead, which is built on this bridge.
     */
    readonly mountbench?: MountbenchBridge;
  }
}

export {};
