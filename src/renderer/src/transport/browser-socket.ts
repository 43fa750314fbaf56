// The page's socket: the browser's own WebSocket. The browser adds the Origin header the server
// checks; the page cannot forge it.
import type { SocketOpener } from './socket';

export const openBrowserSocket: SocketOpener = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  };
  socket.onclose = (event) => handlers.onClose(event.code, event.reason);
  return socket;
};
