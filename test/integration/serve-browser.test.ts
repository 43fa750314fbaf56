// The dashboard of `mountbench serve` in a real Chromium: the real built bundle, the real server on
// 127.0.0.1 and the real core. The page must reach the core over its WebSocket under the served CSP,
// and a page of another local origin in the same browser must not. No credential is ever a cookie:
// a server on another 127.0.0.1 port, visited by the same browser, receives none.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';
import { createCoreApi } from '../../src/core/app/core-api';
import { startServeServer, type ServeServer } from '../../src/server/serve-server';
import { WS_PATH } from '../../src/shared/ws-protocol';
import { tempDir } from './support';
import { builtRendererDir } from './transport-contract-renderer';

const data = tempDir('serve-browser-data');
let server: ServeServer;
let browser: Browser;
let context: BrowserContext;
let attacker: Server;
const refusals: string[] = [];
/** The Cookie headers the other local server received. */
const attackerCookies: string[] = [];

/** A page of another origin on this machine that tries to reach the dashboard's WebSocket. */
function attackerPage(port: number): string {
  return `<!doctype html><title>waiting</title><script>
    const socket = new WebSocket('ws://127.0.0.1:${port}${WS_PATH}');
    socket.onopen = () => { document.title = 'opened'; };
    socket.onclose = (e) => { document.title = 'closed ' + e.code; };
  </script>`;
}

beforeAll(async () => {
  const core = createCoreApi({ transport: 'websocket', dataDir: data.path });
  server = await startServeServer({
    api: core,
    rendererDir: builtRendererDir(),
    onRefusal: (what) => refusals.push(what),
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  context = await browser.newContext();
  attacker = createServer((req, res) => {
    attackerCookies.push(req.headers.cookie ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(attackerPage(server.port));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  attacker?.close();
  await server?.close();
  data.remove();
});

describe('the dashboard in Chromium', () => {
  it('opens from the printed address, drops the token from it, and talks to the core over its WebSocket', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const answered = new Promise<{ url: string; sent: string; received: string }>((resolve) => {
      page.on('websocket', (socket) => {
        let sent = '';
        socket.on('framesent', (frame) => (sent = String(frame.payload)));
        socket.on('framereceived', (frame) => {
          const text = String(frame.payload);
          if (text.includes('"ok":true')) resolve({ url: socket.url(), sent, received: text });
        });
      });
    });
    await page.goto(server.url);
    expect(page.url()).toBe(`${server.origin}/`);
    const exchange = await answered;
    expect(exchange.url.startsWith(`ws://127.0.0.1:${server.port}${WS_PATH}?token=`)).toBe(true);
    expect(JSON.parse(exchange.sent)).toMatchObject({ token: server.token });
    expect(problems.filter((p) => /Content Security Policy|WebSocket/i.test(p))).toEqual([]);

    expect(await context.cookies()).toEqual([]);

    // A reload finds its way back without the token in the address: this tab's sessionStorage has it.
    const again = new Promise<string>((resolve) =>
      page.on('websocket', (socket) => socket.on('framereceived', (frame) => resolve(String(frame.payload)))),
    );
    await page.reload();
    expect(await again).toMatch(/"ok":true|"job"/);
    await page.close();
  });

  it('opens from a one-time code (what --open hands the browser) and works on a session, not the token', async () => {
    const page = await context.newPage();
    const answered = new Promise<{ sent: string }>((resolve) => {
      page.on('websocket', (socket) => {
        let sent = '';
        socket.on('framesent', (frame) => (sent = String(frame.payload)));
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"ok":true')) resolve({ sent });
        });
      });
    });
    await page.goto(server.oneTimeUrl());
    expect(page.url()).toBe(`${server.origin}/`);
    const { sent } = await answered;
    const credential = (JSON.parse(sent) as { token: string }).token;
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(credential).not.toBe(server.token);
    expect(await context.cookies()).toEqual([]);
    await page.close();
  });

  it('a page of another local origin gets no credential and cannot open the WebSocket', async () => {
    const page = await context.newPage();
    const { port } = attacker.address() as AddressInfo;
    refusals.length = 0;
    await page.goto(`http://127.0.0.1:${port}/`);
    // A string: this test is compiled without the DOM library; the page evaluates it.
    await page.waitForFunction("document.title !== 'waiting'");
    expect(await page.title()).toBe('closed 1006');
    // The browser sent that other port no Mountbench credential (there is no cookie to send).
    expect(attackerCookies.length).toBeGreaterThan(0);
    for (const header of attackerCookies) expect(header).not.toMatch(/mountbench/i);
    // Refused for its origin first (it has no credential either).
    expect(refusals).toEqual([
      `WebSocket 403: Refused: a WebSocket from origin "http://127.0.0.1:${port}"; only http://127.0.0.1:${server.port} may connect`,
    ]);
    // It cannot read the dashboard either: the answer is opaque to another origin.
    const read = await page.evaluate(async (url) => {
      try {
        return await (await fetch(url, { credentials: 'include' })).text();
      } catch (err) {
        return `refused: ${(err as Error).name}`;
      }
    }, `${server.origin}/`);
    expect(read).toBe('refused: TypeError');
    await page.close();
  });
});
