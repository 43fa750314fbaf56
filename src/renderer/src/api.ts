// The page's MountbenchApi. Inside Electron it is built on the preload's bridge; a later transport
// (the `serve` WebSocket) will plug in here, so components never know which one they talk to.
import type { MountbenchApi } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import { createApiFromBridge } from '../../shared/ipc-bridge';

function unavailable(): never {
  throw new MountbenchError(
    'INTERNAL',
    'This page must run inside the Mountbench app: no connection to its core.',
  );
}

const missing: MountbenchApi = {
  engines: { list: async () => unavailable() },
  runs: {
    start: async () => unavailable(),
    cancel: async () => unavailable(),
    onEvent: () => undefined,
  },
  results: { list: async () => unavailable() },
};

export const mountbench: MountbenchApi = window.mountbench ? createApiFromBridge(window.mountbench) : missing;
