// The desktop app's transport on the page side: MountbenchApi rebuilt from the preload's bridge
// (window.mountbench), throwing MountbenchErrors that keep their code.
import type { MountbenchApi } from '../../../shared/api';
import { createApiFromBridge, type MountbenchBridge } from '../../../shared/ipc-bridge';

export function createIpcClient(bridge: MountbenchBridge): MountbenchApi {
  return createApiFromBridge(bridge);
}
