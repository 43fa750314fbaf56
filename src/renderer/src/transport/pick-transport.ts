// Which way this page reaches the core: the preload's bridge inside the desktop app, the
// WebSocket when `mountbench serve` served the page (it writes the page's credential into a <meta>
// when the address held the token or a one-time code), and otherwise nothing (every call then says
// what to do). The credential is kept in sessionStorage, never a cookie: cookies do not keep ports
// apart, so every other server on 127.0.0.1 would receive one. A reload finds it there, and the
// address loses its `?token=`/`?code=` so it stays out of history.
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
  location: { protocol: string; host: string; pathname?: string; search?: string; hash?: string };
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
  sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  history?: { replaceState(data: unknown, unused: string, url?: string): void };
}

/** Where the page keeps its credential across reloads of this tab (and only this tab). */
export const CREDENTIAL_STORAGE_KEY = 'mountbench-credential';

export type TransportKind = 'ipc' | 'websocket' | 'none';

export function transportKind(page: PageEnvironment): TransportKind {
  if (page.mountbench) return 'ipc';
  if (page.location.protocol === 'http:' && servedToken(page)) return 'websocket';
  return 'none';
}

/** sessionStorage, or nothing where the browser's settings block it (the meta still works). */
function keep(page: PageEnvironment, credential: string): void {
  try {
    page.sessionStorage?.setItem(CREDENTIAL_STORAGE_KEY, credential);
  } catch {
    // blocked or full: this load still works, a reload will ask for the address again
  }
}

function kept(page: PageEnvironment): string {
  try {
    return page.sessionStorage?.getItem(CREDENTIAL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function servedToken(page: PageEnvironment): string | null {
  const meta = page.document.querySelector(`meta[name="${TOKEN_META_NAME}"]`);
  const fresh = meta?.getAttribute('content') ?? '';
  if (fresh !== '') {
    keep(page, fresh);
    return fresh;
  }
  const stored = kept(page);
  return stored === '' ? null : stored;
}

/** Drops `token` and `code` from the address bar and history, keeping the rest of the address. */
function forgetAddressSecret(page: PageEnvironment): void {
  const { search, pathname, hash } = page.location;
  if (!page.history || search === undefined || pathname === undefined) return;
  const params = new URLSearchParams(search);
  if (!params.has('token') && !params.has('code')) return;
  params.delete('token');
  params.delete('code');
  const rest = params.toString();
  page.history.replaceState(null, '', `${pathname}${rest ? `?${rest}` : ''}${hash ?? ''}`);
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
      forgetAddressSecret(page);
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
