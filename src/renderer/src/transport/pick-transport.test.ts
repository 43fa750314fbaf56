// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createPreloadBridge } from '../../../shared/ipc-bridge';
import { TOKEN_META_NAME } from '../../../shared/ws-protocol';
import { CREDENTIAL_STORAGE_KEY, pickTransport, transportKind, type PageEnvironment } from './pick-transport';
import type { SocketOpener } from './socket';

function page(options: { bridge?: boolean; token?: string; protocol?: string }): PageEnvironment {
  document.head.innerHTML = options.token
    ? `<meta name="${TOKEN_META_NAME}" content="${options.token}">`
    : '';
  return {
    ...(options.bridge
      ? {
          mountbench: createPreloadBridge({
            invoke: async () => ({ ok: true, value: ['from ipc'] }),
            on: () => undefined,
            removeListener: () => undefined,
          }),
        }
      : {}),
    location: { protocol: options.protocol ?? 'http:', host: '127.0.0.1:4000' },
    document,
  };
}

describe('pickTransport', () => {
  it('uses the preload bridge inside the desktop app', async () => {
    const env = page({ bridge: true, token: 'ignored' });
    expect(transportKind(env)).toBe('ipc');
    await expect(pickTransport(env).jobs.active()).resolves.toEqual(['from ipc']);
  });

  it('uses the WebSocket of the server that served the page, with the token it wrote', () => {
    const opened: string[] = [];
    const openSocket: SocketOpener = (url) => {
      opened.push(url);
      return { send: () => undefined, close: () => undefined };
    };
    const env = page({ token: 'tok' });
    expect(transportKind(env)).toBe('websocket');
    void pickTransport(env, openSocket).jobs.active();
    expect(opened).toEqual(['ws://127.0.0.1:4000/api?token=tok']);
  });

  it('keeps the credential in sessionStorage for a reload and drops it from the address', () => {
    const opened: string[] = [];
    const openSocket: SocketOpener = (url) => {
      opened.push(url);
      return { send: () => undefined, close: () => undefined };
    };
    const stored = new Map<string, string>();
    const replaced: string[] = [];
    const extras = {
      sessionStorage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
      },
      history: { replaceState: (_d: unknown, _u: string, url?: string) => void replaced.push(String(url)) },
    };
    const first = {
      ...page({ token: 'sess' }),
      ...extras,
      location: {
        protocol: 'http:',
        host: '127.0.0.1:4000',
        pathname: '/',
        search: '?code=abc&x=1',
        hash: '#h',
      },
    };
    void pickTransport(first, openSocket).jobs.active();
    expect(stored.get(CREDENTIAL_STORAGE_KEY)).toBe('sess');
    expect(replaced).toEqual(['/?x=1#h']);
    // The reload: no meta, the address is clean; the tab's storage still has it.
    const reload = {
      ...page({}),
      ...extras,
      location: { protocol: 'http:', host: '127.0.0.1:4000', pathname: '/', search: '' },
    };
    expect(transportKind(reload)).toBe('websocket');
    void pickTransport(reload, openSocket).jobs.active();
    expect(opened).toEqual(['ws://127.0.0.1:4000/api?token=sess', 'ws://127.0.0.1:4000/api?token=sess']);
    expect(replaced).toHaveLength(1);
    expect(document.cookie).toBe('');
  });

  it('has no transport without bridge or token, and every call says what to do', async () => {
    for (const options of [{}, { token: 'tok', protocol: 'file:' }]) {
      const env = page(options);
      expect(transportKind(env)).toBe('none');
      await expect(pickTransport(env).engines.list()).rejects.toThrow(/mountbench serve/);
    }
  });
});
