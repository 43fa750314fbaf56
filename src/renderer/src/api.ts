// The page's MountbenchApi, whichever way the page reaches the core: the preload's bridge inside
// the desktop app, the WebSocket of `mountbench serve` in a browser (transport/pick-transport.ts).
// Components import `mountbench` from here and never know which one they talk to.
import type { MountbenchApi } from '../../shared/api';
import { pickTransport } from './transport/pick-transport';

export const mountbench: MountbenchApi = pickTransport(window);
