// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createPreloadBridge } from '../../../shared/ipc-bridge';
import { TOKEN_META_NAME } from '../../../shared/ws-protocol';
import { pickTransport, transportKind, type PageEnvironment } from './pick-transport';
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
    await expect(pickTransport(env).runs.active()).resolves.toEqual(['from ipc']);
  });

  it('uses the WebSocket of the server that served the page, with the token it wrote', () => {
    const opened: string[] = [];
    const openSocket: SocketOpener = (url) => {
      opened.push(url);
      return { send: () => undefined, close: () => undefined };
    };
    const env = page({ token: 'tok' });
    expect(transportKind(env)).toBe('websocket');
    void pickTransport(env, openSocket).runs.active();
    expect(opened).toEqual(['ws://127.0.0.1:4000/api?token=tok']);
  });

  it('has no transport without bridge or token, and every call says what to do', async () => {
    for (const options of [{}, { token: 'tok', protocol: 'file:' }]) {
      const env = page(options);
      expect(transportKind(env)).toBe('none');
      await expect(pickTransport(env).engines.list()).rejects.toThrow(/mountbench serve/);
    }
  });
});
