// The page's WebSocket client (src/renderer/src/transport/ws-client.ts) in Node: the same client
// the dashboard runs, on the `ws` package's socket instead of the browser's. A browser sets the
// Origin header itself; here it is set to what a page of the server would send.
import { WebSocket } from 'ws';
import type { SocketOpener } from '../../src/renderer/src/transport/socket';
import { createWsClient, type WsClient } from '../../src/renderer/src/transport/ws-client';
import { WS_PATH } from '../../src/shared/ws-protocol';

export function nodeSocketOpener(origin: string): SocketOpener {
  return (url, handlers) => {
    const socket = new WebSocket(url, { origin, perMessageDeflate: false });
    socket.on('open', () => handlers.onOpen());
    socket.on('message', (data, isBinary) => {
      if (!isBinary) handlers.onMessage(data.toString());
    });
    socket.on('close', (code, reason) => handlers.onClose(code, reason.toString()));
    // A refused upgrade or a reset is reported as 'error' and then 'close' (1006): close says it.
    socket.on('error', () => undefined);
    return {
      send: (text) => socket.send(text),
      close: (code, reason) => socket.close(code, reason),
    };
  };
}

/** A ws-client connected the way the dashboard served by `origin` connects. */
export function nodeWsClient(origin: string, token: string): WsClient {
  return createWsClient({
    url: `${origin.replace(/^http/, 'ws')}${WS_PATH}?token=${encodeURIComponent(token)}`,
    token,
    openSocket: nodeSocketOpener(origin),
  });
}
