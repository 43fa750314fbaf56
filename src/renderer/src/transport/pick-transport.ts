// Which way this page reaches the core: the preload's bridge inside the desktop app, the
// WebSocket when `mountbench serve` served the page (it writes the token into a <meta>), and
// otherwise nothing (every call then says what to do).
import type { MountbenchApi } from '../../../shared/api';
import type { MountbenchBridge } from '../../../shared/ipc-bridge';
import { TOKEN_META_NAME, WS_PATH } from '../../../shared/ws-protocol';
import { openBrowserSocket } from './browser-socket';
import { createIpcClient } from './ipc-client';
import type { SocketOpener } from './socket';
import { createUnavailableApi } from './unavailable-api';
import { createWsClient } from './ws-client';

export interface PageEnvironment {
  mountbench?: MountbenchBridge;
  location: { protocol: string; host: string };
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
}

export type TransportKind = 'ipc' | 'websocket' | 'none';

export function transportKind(page: PageEnvironment): TransportKind {
  if (page.mountbench) return 'ipc';
  if (page.location.protocol === 'http:' && servedToken(page)) return 'websocket';
  return 'none';
}

function servedToken(page: PageEnvironment): string | null {
  const meta = page.document.querySelector(`meta[name="${TOKEN_META_NAME}"]`);
  const token = meta?.getAttribute('content') ?? null;
  return token === '' ? null : token;
}

export function pickTransport(
  page: PageEnvironment,
  openSocket: SocketOpener = openBrowserSocket,
): MountbenchApi {
  switch (transportKind(page)) {
    case 'ipc':
      return createIpcClient(page.mountbench as MountbenchBridge);
    case 'websocket': {
      const token = servedToken(page) as string;
      // The HttpOnly cookie would do for the upgrade too; the query keeps it working where a
      // browser's cookie settings drop loopback cookies.
      return createWsClient({
        url: `ws://${page.location.host}${WS_PATH}?token=${encodeURIComponent(token)}`,
        token,
        openSocket,
        onProblem: (message) => console.warn(`mountbench serve: ${message}`),
      });
    }
    case 'none':
      return createUnavailableApi();
  }
}
