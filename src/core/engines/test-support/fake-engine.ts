// A stand-in Docker API server on a unix socket or loopback port, for unit tests that need an engine
// that answers (or misbehaves) in a known way. Integration tests use the real dockerd instead.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `wedged`: answers the probe (`_ping`, `info`, `version`) and then nothing, as a stuck VM does.
 * `no-container-id`: a Docker engine in every answer a run needs (no leftovers, the image present)
 * except that a container create answers 201 without an `Id`.
 */
export type FakeEngineBehaviour =
  'docker' | 'hang' | 'wedged' | 'not-docker' | 'server-error' | 'no-container-id';

/** What `no-container-id` answers beyond the probe, by method and path (after the API version). */
function noContainerIdAnswer(method: string, path: string): { status: number; body: unknown } {
  if (method === 'POST' && path === '/containers/create') return { status: 201, body: { Warnings: [] } };
  if (method === 'GET' && path === '/containers/json') return { status: 200, body: [] };
  if (method === 'GET' && path === '/volumes') return { status: 200, body: { Volumes: [], Warnings: [] } };
  if (method === 'GET' && /^\/images\/.+\/json$/.test(path))
    return { status: 200, body: { Id: `sha256:${'0'.repeat(64)}`, RepoTags: [] } };
  return { status: 404, body: { message: 'page not found' } };
}

export interface FakeEngine {
  /** `unix:///…` or `tcp://127.0.0.1:PORT`. */
  endpoint: string;
  /** Requests seen, by path, so a test can tell it was really asked. */
  requests: string[];
  close(): Promise<void>;
}

export const FAKE_INFO = {
  ServerVersion: '27.3.1',
  OperatingSystem: 'Docker Desktop',
  OSType: 'linux',
  Architecture: 'aarch64',
  KernelVersion: '6.10.11-linuxkit',
  NCPU: 8,
  MemTotal: 8_217_473_024,
};

/** As Docker Desktop 4.35.0 answers `/version` (its engine is 27.3.1: docs/product-facts.md). */
export const FAKE_VERSION = {
  Platform: { Name: 'Docker Desktop 4.35.0 (12345)' },
  Version: '27.3.1',
  ApiVersion: '1.47',
  Os: 'linux',
  Arch: 'arm64',
};

export async function startFakeEngine(
  behaviour: FakeEngineBehaviour,
  listenOn: { socketPath: string } | { port: 0 },
): Promise<FakeEngine> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (behaviour === 'hang') return;
    if (behaviour === 'not-docker') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
      return;
    }
    if (behaviour === 'server-error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"daemon is shutting down"}');
      return;
    }
    const probe = /\/(_ping|info|version)$/.test(req.url ?? '');
    if (behaviour === 'no-container-id' && !probe) {
      const path = (req.url ?? '').replace(/^\/v[0-9.]+/, '').replace(/\?.*$/, '');
      const answer = noContainerIdAnswer(req.method ?? 'GET', path);
      req.resume();
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      return;
    }
    if (behaviour === 'wedged' && !probe) return;
    if (req.url?.endsWith('/_ping')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      return;
    }
    const body = req.url?.endsWith('/info')
      ? FAKE_INFO
      : req.url?.endsWith('/version')
        ? FAKE_VERSION
        : undefined;
    if (body === undefined) res.writeHead(404).end('{"message":"page not found"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  if ('socketPath' in listenOn) await fs.rm(listenOn.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('socketPath' in listenOn) server.listen(listenOn.socketPath, resolve);
    else server.listen(0, '127.0.0.1', resolve);
  });
  const endpoint =
    'socketPath' in listenOn
      ? `unix://${listenOn.socketPath}`
      : `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
