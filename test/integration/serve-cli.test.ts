// `mountbench serve` as a user starts it: a real child process with the real core, the real
// built dashboard (out/renderer, built here first if missing) and the real engine.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/shared/run-events';
import { mountbenchChild, mountbenchCommand } from '../support/mountbench-cli';
import { docker, image, tempDir } from './support';
import { nodeWsClient } from './transport-contract-node-socket';
import { builtRendererDir } from './transport-contract-renderer';

const data = tempDir('serve-cli-data');
const cache = tempDir('serve-cli-cache');
const children: ChildProcess[] = [];

beforeAll(() => {
  builtRendererDir();
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  data.remove();
  cache.remove();
});

interface Serve {
  child: ChildProcess;
  url: URL;
  stderr(): string;
  exited: Promise<number | null>;
}

/** Starts `mountbench serve` and waits for the address it prints. */
function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Serve> {
  return new Promise((resolve, reject) => {
    const [file, ...first] = mountbenchCommand();
    const child = spawn(file, [...first, 'serve', ...args], {
      env: { ...process.env, MOUNTBENCH_DATA_DIR: data.path, MOUNTBENCH_CACHE_DIR: cache.path, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const match = /Mountbench dashboard: (\S+)/.exec(stdout);
      if (match) resolve({ child, url: new URL(match[1]), stderr: () => stderr, exited });
    });
    void exited.then((code) =>
      reject(new Error(`serve exited (${code}) before printing its address:\n${stderr}`)),
    );
  });
}

/** A command that ends at once: its exit code and what it printed. */
async function serveFails(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const { code, stderr } = await mountbenchChild(['serve', ...args], {
    ...process.env,
    MOUNTBENCH_DATA_DIR: data.path,
    MOUNTBENCH_CACHE_DIR: cache.path,
  });
  return { code, stderr };
}

function get(url: URL, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('mountbench serve', () => {
  it('refuses any host but 127.0.0.1, and a port out of range, with exit code 2', async () => {
    const host = await serveFails(['--host', '0.0.0.0']);
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/127\.0\.0\.1 only/);
    const port = await serveFails(['--port', '70000']);
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/--port must be between 0 and 65535/);
  });

  it('says so when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const outcome = await serveFails(['--port', String(port)]);
    taken.close();
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(new RegExp(`port ${port} .*in use`));
  });

  it('prints a tokened address on 127.0.0.1 and serves the built dashboard behind it', async () => {
    const server = await serve([]);
    expect(server.url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = server.url.searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    expect((await get(server.url, '/?token=nope')).status).toBe(401);
    const page = await get(server.url, `/?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain(`content="${token}"`);
    const script = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(page.body);
    expect(script).not.toBeNull();
    const bundle = await get(server.url, `/${script?.[1]}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(1000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('--open hands the system opener (a stand-in xdg-open here) a one-time code, never the token', async () => {
    const bin = tempDir('serve-open-bin');
    const record = join(bin.path, 'opened.txt');
    // Written aside then renamed, so the test never reads a half-written file.
    writeFileSync(
      join(bin.path, 'xdg-open'),
      `#!/bin/sh\nprintf '%s' "$1" > '${record}.tmp' && mv '${record}.tmp' '${record}'\n`,
    );
    chmodSync(join(bin.path, 'xdg-open'), 0o755);
    const server = await serve(['--open'], { PATH: `${bin.path}:${process.env.PATH ?? ''}` });
    for (let i = 0; i < 100 && !existsSync(record); i++) await new Promise((r) => setTimeout(r, 50));
    const opened = new URL(readFileSync(record, 'utf8'));
    // The opener's command line is readable by every local user: only a single-use code is in it.
    expect(opened.origin).toBe(server.url.origin);
    expect(opened.href).not.toContain(server.url.searchParams.get('token') ?? '');
    const code = opened.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await get(server.url, `/?code=${code}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<meta name="mountbench-token" content="[A-Za-z0-9_-]{43}"/);
    expect((await get(server.url, `/?code=${code}`)).status).toBe(401);
    server.child.kill('SIGTERM');
    await server.exited;
    bin.remove();
  });

  // SIGHUP is a closed terminal or an ended SSH session: Node's default would exit at once.
  it.each(['SIGINT', 'SIGHUP'] as const)(
    'on %s cancels the run in progress, cleans up, stores it as cancelled and exits',
    async (signal) => {
      const server = await serve([]);
      const client = nodeWsClient(server.url.origin, server.url.searchParams.get('token') ?? '');
      const firstSample = new Promise<RunEvent>((resolve) =>
        client.jobs.onEvent(
          (job) => job.kind === 'run' && job.event.type === 'sample' && resolve(job.event),
          {
            signal: new AbortController().signal,
          },
        ),
      );
      const { jobId: runId } = await client.jobs.start({
        kind: 'run',
        request: {
          mounts: ['tmpfs'],
          workloads: ['small-file-read'],
          size: 'default',
          runs: 50,
          warmup: 1,
          image,
        },
      });
      await firstSample;
      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      client.close();
      expect(server.stderr()).toMatch(new RegExp(`${signal}: stopping; cancelling runs`));
      expect(readdirSync(join(cache.path, 'runs'))).toEqual([]);
      const filters = { label: ['mountbench=1', `mountbench.run=${runId}`] };
      expect(await docker.listContainers({ all: true, filters })).toEqual([]);
      const stored = JSON.parse(readFileSync(join(data.path, 'results', `${runId}.json`), 'utf8')) as {
        status: string;
      };
      expect(stored.status).toBe('cancelled');
    },
  );
});
