// `mountbench serve`: the dashboard and its API on 127.0.0.1 only. HTTP serves the built
// renderer; the page then talks MountbenchApi over one WebSocket (ws-session.ts).
// Every request passes the Host check (DNS rebinding), every WebSocket the Origin check and the
// credential check (request-checks.ts). The bundle's files hold no secret and are served to any
// request that passes the Host check; index.html carries the page's credential only when the
// address held the token or a one-time code (serve-credentials.ts says why never a cookie).
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { MountbenchApi } from '../shared/api';
import { MountbenchError } from '../shared/errors';
import { WS_CLOSE_UNAUTHORIZED, WS_MAX_MESSAGE_BYTES, WS_PATH } from '../shared/ws-protocol';
import { broadcastJobEvents } from './event-broadcast';
import { findRendererDir } from './renderer-dir';
import { checkCredential, checkHost, checkOrigin, type Refusal } from './request-checks';
import { createServeCredentials, credentialKey } from './serve-credentials';
import { securityHeaders } from './serve-csp';
import { createToken } from './serve-token';
import { serveStatic } from './static-files';
import { handleSession, inTurnAfterAnswers } from './ws-session';

/**
 * A client that opens a connection and sends its request slowly (slow-loris), or never, holds a
 * socket; these bound how long. Browsers send a whole request at once.
 */
export const SERVE_TIMEOUTS = {
  /** The request's headers (a WebSocket upgrade's too) must arrive within this. */
  headersMs: 10_000,
  /** The whole request. */
  requestMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 5_000,
  /** A WebSocket is pinged this often and closed when a ping goes unanswered. */
  pingMs: 30_000,
};

/** The only address serve listens on. */
export const SERVE_HOST = '127.0.0.1';

export interface ServeServerOptions {
  api: MountbenchApi;
  /** The built renderer (out/renderer); default: found next to the sources or the built CLI. */
  rendererDir?: string;
  /** 0 (default): a free port the system picks. */
  port?: number;
  /** Must be 127.0.0.1; anything else is refused (there for the `--host` flag's error message). */
  host?: string;
  /** Default: 256 fresh random bits. */
  token?: string;
  /** Shorter timeouts, for tests (SERVE_TIMEOUTS otherwise). */
  timeouts?: Partial<typeof SERVE_TIMEOUTS>;
  /** Told about every refused request (serve prints them: a refusal may be an attack to know of). */
  onRefusal?: (what: string) => void;
}

export interface ServeServer {
  /** The address to print: `http://127.0.0.1:PORT/?token=…`. */
  url: string;
  /**
   * An address for a browser's command line, which other local users can read:
   * `http://127.0.0.1:PORT/?code=…` with a fresh one-time code (never the token).
   */
  oneTimeUrl(): string;
  origin: string;
  port: number;
  token: string;
  /** Closes every connection; runs in the core are left to the caller (api.shutdown). */
  close(): Promise<void>;
}

export function checkServeHost(host: string): void {
  if (host !== SERVE_HOST) {
    throw new MountbenchError(
      'BAD_INPUT',
      `serve listens on ${SERVE_HOST} only, got --host ${host}: the dashboard can start runs on this ` +
        'machine, so it is never offered to the network (use an SSH tunnel to reach it from elsewhere)',
    );
  }
}

export function checkServePort(port: number): void {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new MountbenchError('BAD_INPUT', `the port must be a whole number from 0 to 65535, got ${port}`);
  }
}

function refuseHttp(res: ServerResponse, refusal: Refusal, headers: Record<string, string>): void {
  res.writeHead(refusal.status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${refusal.reason}\n`);
}

function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  const body = `${refusal.reason}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new MountbenchError('BAD_INPUT', `port ${port} on ${SERVE_HOST} is in use: pick another --port`)
          : new MountbenchError('IO', `cannot listen on ${SERVE_HOST}:${port}: ${err.message}`, {
              cause: err,
            }),
      );
    };
    server.once('error', onError);
    server.listen({ port, host: SERVE_HOST, exclusive: true }, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startServeServer(options: ServeServerOptions): Promise<ServeServer> {
  checkServeHost(options.host ?? SERVE_HOST);
  const requestedPort = options.port ?? 0;
  checkServePort(requestedPort);
  // A given folder is checked as the default one is: it must hold index.html.
  const rendererDir = findRendererDir(options.rendererDir ? [options.rendererDir] : undefined);
  const credentials = createServeCredentials(options.token ?? createToken());
  const token = credentials.token;
  const sockets = new Set<WebSocket>();
  /** Which credential opened each socket, to cut off the ones a revoked session opened. */
  const socketCredential = new WeakMap<WebSocket, string>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  let port = requestedPort;

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostRefusal = checkHost(req.headers.host, port);
    const host = req.headers.host ?? SERVE_HOST;
    const headers = securityHeaders(hostRefusal ? `${SERVE_HOST}:${port}` : host.toLowerCase());
    const refuse = (refusal: Refusal) => {
      options.onRefusal?.(`HTTP ${req.method} ${refusal.status}: ${refusal.reason}`);
      refuseHttp(res, refusal, headers);
    };
    if (hostRefusal) return refuse(hostRefusal);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Only GET and HEAD: the API is on the WebSocket\n');
      return;
    }
    const url = new URL(req.url ?? '/', `http://${host}`);
    let credential: string | null = null;
    const code = url.searchParams.get('code');
    const given = url.searchParams.get('token');
    if (code !== null) {
      const redeemed = credentials.redeemCode(code);
      if (!redeemed.ok) {
        if (redeemed.revoked !== null) revoke(redeemed.revoked);
        return refuse({ status: 401, reason: redeemed.reason });
      }
      credential = redeemed.session;
    } else if (given !== null) {
      const refusal = checkCredential(given, credentials.valid);
      if (refusal) return refuse(refusal);
      credential = given;
    }
    if (url.pathname === WS_PATH) {
      res.writeHead(426, { ...headers, Upgrade: 'websocket', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('This address is the WebSocket of the dashboard\n');
      return;
    }
    await serveStatic(req, res, url.pathname, { rendererDir, credential, headers });
  }

  function revoke(key: string): void {
    options.onRefusal?.(
      'a one-time code used twice: the page that used it first was cut off (if that was not you, ' +
        'someone on this machine read it from the browser command line)',
    );
    for (const ws of sockets) {
      if (socketCredential.get(ws) === key) ws.close(WS_CLOSE_UNAUTHORIZED, 'Unauthorized: session revoked');
    }
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const host = req.headers.host;
    const url = new URL(req.url ?? '/', `http://${SERVE_HOST}`);
    const refusal =
      checkHost(host, port) ??
      checkOrigin(req.headers.origin, host ?? '') ??
      checkCredential(url.searchParams.get('token'), credentials.valid) ??
      (url.pathname === WS_PATH
        ? null
        : { status: 404 as const, reason: `No WebSocket at ${url.pathname.slice(0, 100)}` });
    if (refusal) {
      options.onRefusal?.(`WebSocket ${refusal.status}: ${refusal.reason}`);
      return refuseUpgrade(socket, refusal);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      socketCredential.set(ws, credentialKey(url.searchParams.get('token') ?? ''));
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => ws.terminate());
      handleSession(ws, options.api, credentials.valid, options.onRefusal);
    });
  }

  const timeouts = { ...SERVE_TIMEOUTS, ...options.timeouts };
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two timeouts above (30 s by default, longer than they are).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    (req, res) => {
      onRequest(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      });
    },
  );
  server.on('upgrade', onUpgrade);
  server.on('clientError', (_err, socket) => socket.destroy());
  port = await listen(server, requestedPort);
  // A WebSocket whose other end vanished without a close (a sleeping laptop, a killed client) is
  // found by an unanswered ping and dropped.
  const alive = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const ws of sockets) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, timeouts.pingMs);
  heartbeat.unref();
  const stopEvents = broadcastJobEvents(
    options.api,
    () => [...sockets].filter((ws) => ws.readyState === ws.OPEN),
    inTurnAfterAnswers,
  );

  const origin = `http://${SERVE_HOST}:${port}`;
  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/?token=${token}`,
    oneTimeUrl: () => `${origin}/?code=${credentials.issueCode()}`,
    origin,
    port,
    token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopEvents();
        clearInterval(heartbeat);
        for (const ws of sockets) ws.close(1001, 'mountbench serve is stopping');
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
        // Sockets that do not answer the close handshake must not hold the exit.
        setTimeout(() => sockets.forEach((ws) => ws.terminate()), 1000).unref();
      });
      return closing;
    },
  };
}
