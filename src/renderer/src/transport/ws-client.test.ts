import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobEvent } from '../../../shared/jobs';
import { WS_CLOSE_UNAUTHORIZED, WS_MAX_MESSAGE_BYTES, type WsRequest } from '../../../shared/ws-protocol';
import type { SocketHandlers, SocketOpener } from './socket';
import { createWsClient } from './ws-client';

// Sockets the test drives by hand: it decides when each opens, answers, or drops. The real server
// end to end is in test/integration/transport-contract-ws.test.ts.
function fakeSockets() {
  const sockets: { url: string; handlers: SocketHandlers; sent: WsRequest[]; closed: boolean }[] = [];
  const openSocket: SocketOpener = (url, handlers) => {
    const socket = { url, handlers, sent: [] as WsRequest[], closed: false };
    sockets.push(socket);
    return {
      send: (text) => socket.sent.push(JSON.parse(text) as WsRequest),
      close: () => {
        socket.closed = true;
      },
    };
  };
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { sockets, openSocket, last };
}

const started: JobEvent = {
  jobId: 'run-1',
  kind: 'run',
  event: { type: 'backend-started', runId: 'run-1', backendId: 'host' },
};

function client(options: { reconnectDelaysMs?: number[] } = {}) {
  const fake = fakeSockets();
  const api = createWsClient({
    url: 'ws://127.0.0.1:4000/api',
    token: 'secret',
    openSocket: fake.openSocket,
    ...options,
  });
  return { ...fake, api };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createWsClient', () => {
  it('opens on first use, queues until open, and sends id, channel, args and token', async () => {
    const { api, sockets, last } = client();
    expect(sockets).toHaveLength(0);
    const pending = api.results.export('run-1', 'csv');
    expect(last().sent).toEqual([]);
    last().handlers.onOpen();
    expect(last().sent).toEqual([
      { id: 1, channel: 'results:export', args: ['run-1', 'csv'], token: 'secret' },
    ]);
    last().handlers.onMessage(JSON.stringify({ id: 1, ok: true, value: { fileName: 'x.csv' } }));
    await expect(pending).resolves.toEqual({ fileName: 'x.csv' });
  });

  it('matches answers to calls by id, whatever their order, and rebuilds errors', async () => {
    const { api, last } = client();
    const first = api.jobs.active();
    const second = api.results.get('run-2');
    last().handlers.onOpen();
    last().handlers.onMessage(
      JSON.stringify({
        id: 2,
        ok: false,
        error: { name: 'MountbenchError', message: 'no run', code: 'FILE_INVALID' },
      }),
    );
    last().handlers.onMessage(JSON.stringify({ id: 1, ok: true, value: ['run-1'] }));
    await expect(first).resolves.toEqual(['run-1']);
    await expect(second).rejects.toMatchObject({
      name: 'MountbenchError',
      message: 'no run',
      code: 'FILE_INVALID',
    });
  });

  it('delivers pushed events to each subscriber until its signal aborts', () => {
    const { api, last } = client();
    const a: JobEvent[] = [];
    const b: JobEvent[] = [];
    const stopA = new AbortController();
    api.jobs.onEvent((e) => a.push(e), { signal: stopA.signal });
    api.jobs.onEvent((e) => b.push(e), { signal: new AbortController().signal });
    last().handlers.onOpen();
    last().handlers.onMessage(JSON.stringify({ job: started }));
    stopA.abort();
    last().handlers.onMessage(JSON.stringify({ job: started }));
    expect(a).toEqual([started]);
    expect(b).toEqual([started, started]);
  });

  it('fails pending calls with a clear error when the connection drops, and reconnects on the next call', async () => {
    const { api, sockets, last } = client();
    const pending = api.engines.list();
    last().handlers.onOpen();
    last().handlers.onClose(1006, '');
    await expect(pending).rejects.toMatchObject({
      code: 'INTERNAL',
      message: /Lost the connection.*still running/,
    });
    const again = api.engines.list();
    expect(sockets).toHaveLength(2);
    last().handlers.onOpen();
    last().handlers.onMessage(JSON.stringify({ id: 2, ok: true, value: [] }));
    await expect(again).resolves.toEqual([]);
  });

  it('reconnects by itself while someone listens for job events', () => {
    vi.useFakeTimers();
    const { api, sockets, last } = client({ reconnectDelaysMs: [100] });
    api.jobs.onEvent(() => undefined, { signal: new AbortController().signal });
    last().handlers.onOpen();
    last().handlers.onClose(1001, 'going away');
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when the server refuses the token', async () => {
    vi.useFakeTimers();
    const { api, sockets, last } = client({ reconnectDelaysMs: [100] });
    api.jobs.onEvent(() => undefined, { signal: new AbortController().signal });
    const pending = api.jobs.active();
    last().handlers.onOpen();
    last().handlers.onClose(WS_CLOSE_UNAUTHORIZED, 'Unauthorized: message has a wrong token');
    await expect(pending).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: /refused this page.*wrong token/,
    });
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    await expect(api.jobs.active()).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('refuses to send a message larger than the server reads, keeping the connection', async () => {
    const { api, sockets } = client();
    const text = 'é'.repeat(Math.ceil(WS_MAX_MESSAGE_BYTES / 2) + 1);
    await expect(api.results.import('big.json', text)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: /results:import.*over the 64\.0 MB/,
    });
    expect(sockets).toHaveLength(0);
  });

  it('close fails what is pending and closes the socket', async () => {
    const { api, last } = client();
    const pending = api.workloads.list();
    api.close();
    await expect(pending).rejects.toMatchObject({ message: /closed by the page/ });
    expect(last().closed).toBe(true);
  });
});
