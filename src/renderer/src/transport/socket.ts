// The little the WebSocket client needs from a socket, so the same client runs in the page (the
// browser's WebSocket, browser-socket.ts) and in Node tests (the `ws` package).

export interface SocketHandlers {
  onOpen(): void;
  onMessage(text: string): void;
  /** Also called when the connection could not be made at all (code 1006). */
  onClose(code: number, reason: string): void;
}

export interface SocketLike {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketOpener = (url: string, handlers: SocketHandlers) => SocketLike;
