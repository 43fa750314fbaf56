// Who may talk to `mountbench serve`: the real server on 127.0.0.1 with the real core, probed over
// real sockets the way a stray process, another web page or a DNS-rebinding page would.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type RawData } from 'ws';
import { createCoreApi } from '../../src/core/app/core-api';
import { startServeServer, type ServeServer } from '../../src/server/serve-server';
import type { MountbenchApi } from '../../src/shared/api';
import {
  TOKEN_META_NAME,
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_MESSAGE_BYTES,
  WS_PATH,
  type WsReply,
} from '../../src/shared/ws-protocol';
import { tempDir } from './support';
import { FIXTURE_SCRIPT, fixtureRendererDir } from './transport-contract-renderer';

const data = tempDir('serve-security-data');
const cache = tempDir('serve-security-cache');
const renderer = fixtureRendererDir();
/** Channels that reached the core, to prove a refused message ran nothing. */
const reached: string[] = [];
let server: ServeServer;

/** The real core, with every method counting the calls that reach it. */
function countingCore(core: MountbenchApi): MountbenchApi {
  const groups = Object.entries(core).map(([domain, group]) => [
    domain,
    Object.fromEntries(
      Object.entries(group as Record<string, (...args: unknown[]) => unknown>).map(([action, method]) => [
        action,
        (...args: unknown[]) => {
          if (action !== 'onEvent') reached.push(`${domain}:${action}`);
          return method(...args);
        },
      ]),
    ),
  ]);
  return Object.fromEntries(groups) as unknown as MountbenchApi;
}

beforeAll(async () => {
  const core = createCoreApi({ transport: 'websocket', dataDir: data.path, cacheDir: cache.path });
  server = await startServeServer({ api: countingCore(core), rendererDir: renderer.path });
});
afterAll(async () => {
  await server?.close();
  data.remove();
  cache.remove();
  renderer.remove();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method,
        headers: { host: `127.0.0.1:${server.port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const wsUrl = (token: string | null) =>
  `ws://127.0.0.1:${server.port}${WS_PATH}${token === null ? '' : `?token=${token}`}`;

/** Opens a WebSocket and says how it went: open, or refused with the status and body of the answer. */
function openSocket(
  url: string,
  options: { origin?: string; headers?: Record<string, string> },
): Promise<{ socket: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { ...options, perMessageDeflate: false });
    socket.on('open', () => resolve({ socket }));
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

async function openOk(): Promise<WebSocket> {
  const outcome = await openSocket(wsUrl(server.token), { origin: server.origin });
  if (!('socket' in outcome)) throw new Error(`refused: ${outcome.status} ${outcome.body}`);
  return outcome.socket;
}

/** The next message the server sends on `socket`, or how it closed. */
function nextMessage(socket: WebSocket): Promise<{ reply: WsReply } | { closed: number; reason: string }> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve({ reply: JSON.parse(data.toString()) as WsReply }));
    socket.once('close', (code, reason) => resolve({ closed: code, reason: reason.toString() }));
  });
}

function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
}

describe('where serve listens', () => {
  it('listens on 127.0.0.1 only: other loopback and interface addresses are refused', async () => {
    expect(server.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[A-Za-z0-9_-]{43}$`),
    );
    const others = [
      '127.0.0.2',
      '::1',
      ...Object.values(networkInterfaces())
        .flat()
        .flatMap((i) => (i && !i.internal ? [i.address] : [])),
    ];
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port: server.port });
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
      expect(outcome, address).not.toBe('connected');
    }
  });

  it('refuses to listen anywhere else, with a clear error', async () => {
    const core = createCoreApi({ transport: 'websocket', dataDir: data.path, cacheDir: cache.path });
    for (const host of ['0.0.0.0', '::', 'localhost', '192.168.1.10']) {
      await expect(startServeServer({ api: core, rendererDir: renderer.path, host })).rejects.toThrow(
        /127\.0\.0\.1 only/,
      );
    }
  });
});

describe('HTTP', () => {
  it('refuses a wrong token or an unknown code with 401 and why', async () => {
    const wrong = await get('/?token=nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatch(/wrong token/);
    const code = await get('/?code=nope');
    expect(code.status).toBe(401);
    expect(code.body).toMatch(/not one this server gave/);
  });

  it('serves the dashboard without any credential to an address without one, and never sets a cookie', async () => {
    const bare = await get('/');
    expect(bare.status).toBe(200);
    expect(bare.body).not.toContain(server.token);
    expect(bare.body).not.toContain(TOKEN_META_NAME);
    const withToken = await get(`/?token=${server.token}`);
    const withCode = await get(new URL(server.oneTimeUrl()).pathname + new URL(server.oneTimeUrl()).search);
    for (const answer of [bare, withToken, withCode]) {
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('serves the dashboard to the token, with it for the page and the CSP naming only its WebSocket', async () => {
    const page = await get(`/?token=${server.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`<meta name="${TOKEN_META_NAME}" content="${server.token}" />`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const script = await get('/assets/app.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/text\/javascript/);
    expect(script.body).toBe(FIXTURE_SCRIPT);
  });

  it('trades a one-time code for a session once; the second use is refused and cuts the first off', async () => {
    const address = new URL(server.oneTimeUrl());
    expect(address.searchParams.get('code')).not.toBe(server.token);
    expect(address.href).not.toContain(server.token);
    const first = await get(`/?code=${address.searchParams.get('code')}`);
    expect(first.status).toBe(200);
    const session = /<meta name="mountbench-token" content="([A-Za-z0-9_-]+)"/.exec(first.body)?.[1] ?? '';
    expect(session).not.toBe('');
    expect(session).not.toBe(server.token);
    // The session opens the WebSocket and runs a call, as the token does.
    const outcome = await openSocket(wsUrl(session), { origin: server.origin });
    if (!('socket' in outcome)) throw new Error(`refused: ${outcome.status} ${outcome.body}`);
    const socket = outcome.socket;
    socket.send(JSON.stringify({ id: 1, channel: 'jobs:active', args: [], token: session }));
    expect(await nextMessage(socket)).toEqual({ reply: { id: 1, ok: true, value: [] } });
    // Someone (the real browser, arriving second) uses the code again: refused, and the first is cut off.
    const cut = closed(socket);
    const second = await get(`/?code=${address.searchParams.get('code')}`);
    expect(second.status).toBe(401);
    expect(second.body).toMatch(/already used/);
    expect(second.body).not.toContain(session);
    expect((await cut).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(await openSocket(wsUrl(session), { origin: server.origin })).toMatchObject({ status: 401 });
  });

  it('refuses a Host header of another name (DNS rebinding), even with the token', async () => {
    for (const host of [`evil.example:${server.port}`, 'evil.example', `127.0.0.1:${server.port + 1}`]) {
      const answer = await get(`/?token=${server.token}`, { host });
      expect(answer.status, host).toBe(403);
      expect(answer.body).toMatch(/not this server/);
    }
  });

  it('serves nothing outside the bundle and takes no other method', async () => {
    for (const path of [
      '/%2e%2e/%2e%2e/etc/passwd.txt',
      '/assets/..%2f..%2f..%2fetc%2fhosts.txt',
      '/nope.js',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get(`/?token=${server.token}`, {}, 'POST')).status).toBe(405);
  });
});

describe('WebSocket', () => {
  it('refuses an upgrade without the token or with a wrong one (401)', async () => {
    expect(await openSocket(wsUrl(null), { origin: server.origin })).toMatchObject({
      status: 401,
      body: /no token/,
    });
    expect(await openSocket(wsUrl('nope'), { origin: server.origin })).toMatchObject({
      status: 401,
      body: /wrong token/,
    });
  });

  it('takes no credential from a cookie (another port on 127.0.0.1 would receive it too)', async () => {
    const outcome = await openSocket(wsUrl(null), {
      origin: server.origin,
      headers: { cookie: `mountbench-token-${server.port}=${server.token}` },
    });
    expect(outcome).toMatchObject({ status: 401, body: /no token/ });
  });

  it('refuses a WebSocket from another origin, or with none', async () => {
    for (const origin of ['https://evil.example', `http://localhost:${server.port}`, 'null']) {
      expect(await openSocket(wsUrl(server.token), { origin }), origin).toMatchObject({
        status: 403,
        body: /origin/,
      });
    }
    expect(await openSocket(wsUrl(server.token), {})).toMatchObject({ status: 403, body: /needs an Origin/ });
  });

  it('refuses a Host header of another name, even with a matching Origin', async () => {
    const host = `evil.example:${server.port}`;
    expect(
      await openSocket(wsUrl(server.token), { origin: `http://${host}`, headers: { host } }),
    ).toMatchObject({
      status: 403,
      body: /not this server/,
    });
  });

  it('answers a call that carries the token', async () => {
    const socket = await openOk();
    socket.send(JSON.stringify({ id: 1, channel: 'jobs:active', args: [], token: server.token }));
    expect(await nextMessage(socket)).toEqual({ reply: { id: 1, ok: true, value: [] } });
    socket.close();
  });

  it('closes on a message with a missing or wrong token, and runs nothing', async () => {
    reached.length = 0;
    for (const token of [undefined, 'nope']) {
      const socket = await openOk();
      const done = closed(socket);
      socket.send(JSON.stringify({ id: 2, channel: 'jobs:active', args: [], token }));
      expect(await nextMessage(socket)).toMatchObject({
        reply: { id: 2, ok: false, error: { message: /Unauthorized.*nothing was run/ } },
      });
      expect(await done).toMatchObject({ code: WS_CLOSE_UNAUTHORIZED, reason: /Unauthorized/ });
    }
    expect(reached).toEqual([]);
  });

  it('answers bad JSON, an unknown channel, bad arguments and binary data with errors, and stays open', async () => {
    reached.length = 0;
    const socket = await openOk();
    socket.send('{"id": 3, "channel": ');
    expect(await nextMessage(socket)).toMatchObject({
      reply: { id: null, ok: false, error: { message: /not valid JSON/ } },
    });
    socket.send(JSON.stringify({ id: 4, channel: 'results:wipe', args: [], token: server.token }));
    expect(await nextMessage(socket)).toMatchObject({
      reply: { id: 4, ok: false, error: { code: 'BAD_INPUT', message: 'Unknown channel "results:wipe"' } },
    });
    socket.send(JSON.stringify({ id: 5, channel: 'results:get', args: [42], token: server.token }));
    expect(await nextMessage(socket)).toMatchObject({
      reply: { id: 5, ok: false, error: { code: 'BAD_INPUT' } },
    });
    socket.send(JSON.stringify({ id: 6, channel: 'results:get', args: 'x', token: server.token, extra: 1 }));
    expect(await nextMessage(socket)).toMatchObject({
      reply: { id: 6, ok: false, error: { message: /not a call/ } },
    });
    socket.send(Buffer.from([1, 2, 3]));
    expect(await nextMessage(socket)).toMatchObject({ reply: { ok: false, error: { message: /binary/ } } });
    socket.send(JSON.stringify({ id: 7, channel: 'jobs:active', args: [], token: server.token }));
    expect(await nextMessage(socket)).toEqual({ reply: { id: 7, ok: true, value: [] } });
    expect(reached).toEqual(['jobs:active']);
    socket.close();
  });

  it('closes the connection on a message over the size limit, before reading it', async () => {
    reached.length = 0;
    const socket = await openOk();
    const done = closed(socket);
    const text = 'x'.repeat(WS_MAX_MESSAGE_BYTES + 1);
    socket.send(
      JSON.stringify({ id: 8, channel: 'results:import', args: ['big.json', text], token: server.token }),
    );
    expect((await done).code).toBe(1009);
    expect(reached).toEqual([]);
  });
});

describe('hostile image names in a run request', () => {
  const request = (image: string) => ({
    mounts: ['tmpfs'],
    workloads: ['dd-write'],
    size: 'quick',
    runs: 1,
    warmup: 0,
    image,
  });

  /**
   * Sends one call and waits for its reply, skipping pushed job events. One listener hears every
   * message: a job's first push and the call's reply can arrive in one chunk, and a listener added
   * again after each message would miss the second.
   */
  function call(socket: WebSocket, id: number, channel: string, args: unknown[]): Promise<WsReply> {
    return new Promise((resolve, reject) => {
      const stop = () => {
        socket.off('message', onMessage);
        socket.off('close', onClose);
      };
      const onMessage = (data: RawData) => {
        const reply = JSON.parse(data.toString()) as WsReply;
        if ((reply as { id?: unknown }).id !== id) return;
        stop();
        resolve(reply);
      };
      const onClose = (code: number) => {
        stop();
        reject(new Error(`closed ${code}`));
      };
      socket.on('message', onMessage);
      socket.on('close', onClose);
      socket.send(JSON.stringify({ id, channel, args, token: server.token }));
    });
  }

  it('refuses a name outside Docker grammar, before the engine, and stays up', async () => {
    reached.length = 0;
    const socket = await openOk();
    for (const [id, image] of [
      [20, '../../etc/passwd'],
      [21, '../'],
      [22, 'evil.example/../../v2/x'],
      [23, 'library/BusyBox'],
    ] as const) {
      expect(await call(socket, id, 'jobs:start', [{ kind: 'run', request: request(image) }])).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT', message: /not an image reference/ },
      });
    }
    expect(await call(socket, 24, 'jobs:active', [])).toEqual({ id: 24, ok: true, value: [] });
    socket.close();
  });

  it('refuses a registry on a loopback address from a page: nothing listening there is called', async () => {
    const connections: number[] = [];
    const listener = createServer((c) => {
      connections.push(1);
      c.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const socket = await openOk();
    try {
      for (const [id, image] of [
        [30, `127.0.0.1:${port}/beacon:x`],
        [31, `localhost:${port}/beacon`],
        [32, `[::1]:${port}/beacon`],
      ] as const) {
        expect(
          await call(socket, id, 'jobs:start', [{ kind: 'run', request: request(image) }]),
        ).toMatchObject({
          ok: false,
          error: { code: 'BAD_INPUT', message: /loopback address, which the engine itself would call/ },
        });
      }
      expect(await call(socket, 33, 'jobs:active', [])).toMatchObject({ ok: true, value: [] });
    } finally {
      socket.close();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    expect(connections).toEqual([]);
  });

  it("a page's custom command never runs on the host: the baseline skips it, nothing is written there", async () => {
    const planted = join(data.path, 'planted');
    const socket = await openOk();
    // What reached the page, in order: the page's job store follows a job from start's answer on.
    const heard: string[] = [];
    const done = new Promise<{ skipped?: { backendId: string; reason: string }[] }>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as {
          id?: number;
          job?: { event: { type: string; run?: never } };
        };
        heard.push(message.job ? message.job.event.type : `answer ${message.id}`);
        if (message.job?.event.type === 'run-done') resolve(message.job.event.run as never);
      });
    });
    const started = await call(socket, 50, 'jobs:start', [
      {
        kind: 'run',
        request: {
          mounts: ['host'],
          workloads: ['custom'],
          size: 'quick',
          runs: 1,
          warmup: 0,
          custom: { command: `mkdir -p ${planted} && echo pwned > ${join(planted, 'pwned')}` },
        },
      },
    ]);
    expect(started).toMatchObject({ ok: true });
    const run = await done;
    expect(run.skipped).toEqual([
      {
        backendId: 'host',
        workloadId: 'custom',
        reason: expect.stringMatching(/never one from a project file or a page/),
      },
    ]);
    expect(existsSync(planted)).toBe(false);
    expect(heard.slice(0, 2)).toEqual(['answer 50', 'planned']);
    expect(await call(socket, 51, 'jobs:active', [])).toEqual({ id: 51, ok: true, value: [] });
    socket.close();
  }, 60_000);

  it('a pull from an unknown registry host ends the run with a clear error; serve answers and the run folder is gone', async () => {
    const socket = await openOk();
    const done = new Promise<{ status: string; errors: { code: string; message: string }[] }>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { job?: { event: { type: string; run?: never } } };
        if (message.job?.event.type === 'run-done') resolve(message.job.event.run as never);
      });
    });
    const started = await call(socket, 40, 'jobs:start', [
      { kind: 'run', request: request('nosuch-registry.invalid/x:1') },
    ]);
    expect(started).toMatchObject({ ok: true });
    const runId = (started as { value: { jobId: string } }).value.jobId;
    const run = await done;
    expect(run.status).toBe('failed');
    expect(run.errors[0]).toMatchObject({
      code: 'IMAGE_UNAVAILABLE',
      message: /could not pull the bench image nosuch-registry\.invalid\/x:1/,
    });
    expect(await call(socket, 41, 'jobs:active', [])).toEqual({ id: 41, ok: true, value: [] });
    expect(existsSync(join(cache.path, 'runs', runId))).toBe(false);
    expect(existsSync(join(cache.path, 'runs')) ? readdirSync(join(cache.path, 'runs')) : []).toEqual([]);
    socket.close();
  }, 60_000);
});
