// The bounded request against real unix-socket servers that misbehave: too big, too slow.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopRequest, MAX_DESKTOP_ANSWER_BYTES } from './desktop-api-http';

let server: http.Server | null = null;
let dir = '';
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function serve(handler: http.RequestListener): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'mb-dd-api-'));
  const socketPath = join(dir, 'api.sock');
  server = http.createServer(handler);
  await new Promise<void>((done) => server!.listen(socketPath, done));
  return socketPath;
}

describe('desktopRequest', () => {
  it('returns status and body, sending JSON with the host Compose used', async () => {
    const socket = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(JSON.stringify({ host: req.headers.host, got: JSON.parse(body) })));
    });
    const answer = await desktopRequest(socket, 'POST', '/x', { body: { a: 1 } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ host: 'docker-desktop', got: { a: 1 } });
  });

  it('gives up on an answer larger than the bound', async () => {
    const socket = await serve((_req, res) => res.end(Buffer.alloc(MAX_DESKTOP_ANSWER_BYTES + 10, 0x61)));
    await expect(desktopRequest(socket, 'GET', '/big')).rejects.toThrow(/more than 1048576 bytes/);
  });

  it('gives up on a server that never answers', async () => {
    const socket = await serve(() => undefined);
    await expect(desktopRequest(socket, 'GET', '/slow', { timeoutMs: 200 })).rejects.toThrow(
      /did not answer GET \/slow within 0.2 s/,
    );
  });

  it('a cancel ends the request as CANCELLED', async () => {
    const socket = await serve(() => undefined);
    const controller = new AbortController();
    const pending = desktopRequest(socket, 'GET', '/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('no socket is ENGINE_UNREACHABLE', async () => {
    await expect(desktopRequest('/nonexistent/api.sock', 'GET', '/')).rejects.toMatchObject({
      code: 'ENGINE_UNREACHABLE',
    });
  });
});
