// `mountbench serve` under load, over real loopback sockets against the real server and core: many
// pages listing results at once compute the listing once, one connection cannot queue calls without
// bound, sockets that never finish their request are cut while HTTP keeps answering, and a large
// run opened with results:get (read in a worker) answers what the main thread read before.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCoreApi } from '../../src/core/app/core-api';
import { loadRunFile, summaryListingsComputed } from '../../src/core/store';
import { OFF_THREAD_BYTES } from '../../src/core/store/summarize-off-thread';
import { summarize } from '../../src/core/stats/summarize';
import { sampleRun, sampleWorkloadResult } from '../../src/core/store/test-support/run-fixture';
import { MAX_CALLS_IN_FLIGHT } from '../../src/server/ws-session';
import { startServeServer, type ServeServer } from '../../src/server/serve-server';
import { WS_PATH, type WsReply } from '../../src/shared/ws-protocol';
import { tempDir } from './support';
import { fixtureRendererDir } from './transport-contract-renderer';

const data = tempDir('serve-load-data');
const renderer = fixtureRendererDir();
let server: ServeServer;

beforeAll(async () => {
  // A large run (about 8 MB: 5 results of 100,000 samples) the first listing has to parse.
  const samples = Array.from({ length: 100_000 }, (_, i) => 0.1 + (i % 5000) * 1.23456789e-7);
  const result = { ...sampleWorkloadResult(), stats: summarize(samples) };
  const big = sampleRun({
    id: 'big-run',
    results: Array.from({ length: 5 }, (_, i) => ({
      ...result,
      backend: { ...result.backend, id: `docker-desktop/vz-virtiofs/bind-${i}`, label: `bind ${i}` },
    })),
  });
  const results = join(data.path, 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'big-run.json'), JSON.stringify(big));
  // As large, but a sample is a string: every reader refuses it, after parsing all of it.
  const broken = JSON.parse(JSON.stringify(big)) as { results: { stats: { samples: unknown[] } }[] };
  broken.results[4].stats.samples[99_999] = 'not a number';
  writeFileSync(join(results, 'broken-run.json'), JSON.stringify(broken));
  const core = createCoreApi({ transport: 'websocket', dataDir: data.path });
  server = await startServeServer({
    api: core,
    rendererDir: renderer.path,
    timeouts: { headersMs: 1000, requestMs: 2000 },
  });
});
afterAll(async () => {
  await server?.close();
  data.remove();
  renderer.remove();
});

function openSocket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${WS_PATH}?token=${server.token}`, {
      origin: server.origin,
      perMessageDeflate: false,
    });
    socket.on('open', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Sends `count` calls at once and collects their answers. */
function callMany(socket: WebSocket, count: number, channel = 'results:list'): Promise<WsReply[]> {
  return new Promise((resolve) => {
    const replies: WsReply[] = [];
    socket.on('message', (data) => {
      replies.push(JSON.parse(data.toString()) as WsReply);
      if (replies.length === count) resolve(replies);
    });
    for (let id = 1; id <= count; id++)
      socket.send(JSON.stringify({ id, channel, args: [], token: server.token }));
  });
}

/** One call with arguments, and its answer. */
function callOne(socket: WebSocket, channel: string, args: unknown[]): Promise<WsReply> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString()) as WsReply));
    socket.send(JSON.stringify({ id: 1, channel, args, token: server.token }));
  });
}

/** What the main thread makes of a stored run: the run, or the error it is refused with. */
async function readHere(runId: string): Promise<{ ok: true; value: unknown } | { ok: false; error: object }> {
  try {
    return { ok: true, value: await loadRunFile(join(data.path, 'results', `${runId}.json`)) };
  } catch (err) {
    const { message, code } = err as { message: string; code?: string };
    return { ok: false, error: { message, code } };
  }
}

function httpStatus(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path: '/', headers: { host: `127.0.0.1:${server.port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function closedBy(socket: Socket): Promise<'closed'> {
  return new Promise((resolve) => socket.on('close', () => resolve('closed')));
}

describe('serve under load', () => {
  it('forty pages listing results at once: computed once, every page answered with it', async () => {
    const sockets = await Promise.all(Array.from({ length: 40 }, () => openSocket()));
    const before = summaryListingsComputed();
    const answers = await Promise.all(sockets.map((socket) => callMany(socket, 1)));
    expect(summaryListingsComputed() - before).toBe(1);
    for (const [reply] of answers) {
      expect(reply).toMatchObject({ id: 1, ok: true });
      expect(reply.ok && (reply.value as { id: string }[]).map((r) => r.id)).toEqual(['big-run']);
    }
    expect(await httpStatus()).toBe(200);
    for (const socket of sockets) socket.close();
  }, 60_000);

  it(`one connection sending 200 calls at once: past ${MAX_CALLS_IN_FLIGHT} unanswered, BUSY at once; it stays open`, async () => {
    const socket = await openSocket();
    const replies = await callMany(socket, 200, 'results:list');
    const busy = replies.filter((r) => !r.ok && r.error.code === 'BUSY');
    const ok = replies.filter((r) => r.ok);
    expect(busy.length).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThanOrEqual(MAX_CALLS_IN_FLIGHT);
    expect(busy.length + ok.length).toBe(200);
    expect(busy[0]).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/already has 32 calls unanswered; wait for their answers/) },
    });
    // The connection was not closed and answers the next call.
    const [next] = await callMany(socket, 1, 'jobs:active');
    expect(next).toMatchObject({ ok: true, value: [] });
    socket.close();
  }, 60_000);

  it('results:get of a large run (read in a worker): the run the main thread reads, to every page asking', async () => {
    const here = await readHere('big-run');
    expect(here.ok).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(here.ok && here.value))).toBeGreaterThanOrEqual(OFF_THREAD_BYTES);
    const sockets = await Promise.all(Array.from({ length: 3 }, () => openSocket()));
    const [answers, status] = await Promise.all([
      Promise.all(sockets.map((socket) => callOne(socket, 'results:get', ['big-run']))),
      httpStatus(),
    ]);
    expect(status).toBe(200);
    for (const answer of answers) expect(answer).toEqual({ id: 1, ...here });
    for (const socket of sockets) socket.close();
  }, 60_000);

  it('results:get of a large run every reader refuses: the same refusal, word for word and code', async () => {
    const here = await readHere('broken-run');
    expect(here).toMatchObject({ ok: false, error: { code: 'FILE_INVALID' } });
    const socket = await openSocket();
    const answer = await callOne(socket, 'results:get', ['broken-run']);
    expect(answer).toMatchObject({ id: 1, ok: false, error: (here as { error: object }).error });
    socket.close();
  }, 60_000);

  it('cuts a socket that sends half a request (slow-loris) or nothing, and HTTP answers meanwhile', async () => {
    const half = connect({ host: '127.0.0.1', port: server.port });
    half.on('error', () => undefined);
    half.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    const upgrade = connect({ host: '127.0.0.1', port: server.port });
    upgrade.on('error', () => undefined);
    upgrade.write(`GET ${WS_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUpgrade: websocket\r\n`);
    const silent = connect({ host: '127.0.0.1', port: server.port });
    silent.on('error', () => undefined);
    // A header line every 300 ms keeps the socket busy but never finishes the headers.
    const drip = setInterval(() => half.write('X-Slow: 1\r\n'), 300);
    expect(await httpStatus()).toBe(200);
    const outcomes = await Promise.all([closedBy(half), closedBy(upgrade), closedBy(silent)]);
    clearInterval(drip);
    expect(outcomes).toEqual(['closed', 'closed', 'closed']);
    expect(await httpStatus()).toBe(200);
  }, 20_000);
});
