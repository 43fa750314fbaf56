// The wire format of `mountbench serve`: MountbenchApi over one loopback WebSocket. The server
// (src/server) and the page's client (src/renderer/src/transport/ws-client.ts) both import it.
//
//   page → server  {"id": 1, "channel": "results:get", "args": ["…"], "token": "…"}
//   server → page  {"id": 1, "ok": true, "value": …}  or  {"id": 1, "ok": false, "error": {name, message, code}}
//   server → page  {"job": JobEvent}   (every job's events, pushed, throttled like the desktop app's IPC)
import type { SerializedError } from './errors';
import type { JobEvent } from './jobs';

/** Where the page opens its WebSocket, on the same origin that served it. */
export const WS_PATH = '/api';

/** The page reads the token here: serve writes it into index.html, served only to token holders. */
export const TOKEN_META_NAME = 'mountbench-token';

/**
 * The largest message the server reads. An import carries a whole result file (up to
 * MAX_IMPORT_CHARS of api-calls.ts, 50 Mi characters), and JSON escaping adds a byte for each of
 * its quotes and line breaks: a quarter more leaves room for that; the other calls are tiny.
 * A number here rather than an import, so the page's bundle does not pull in zod with the call
 * table; ws-protocol.test.ts keeps it above MAX_IMPORT_CHARS.
 */
export const WS_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Close code for a missing or wrong token (4000-4999 are the application's own). */
export const WS_CLOSE_UNAUTHORIZED = 4401;

export type WsRequestId = number | string;

export interface WsRequest {
  id: WsRequestId;
  channel: string;
  args: unknown[];
  token: string;
}

export type WsReply =
  | { id: WsRequestId | null; ok: true; value?: unknown }
  | { id: WsRequestId | null; ok: false; error: SerializedError };

export type WsPush = { job: JobEvent };

export type WsServerMessage = WsReply | WsPush;
