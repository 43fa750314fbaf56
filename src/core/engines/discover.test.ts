import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscoveredEngine } from '../../shared/engine';
import { listEngineCandidates } from './candidates';
import { contextStoreId } from './contexts';
import { discoverEngineReport, discoverEngines } from './discover';
import { FAKE_VERSION, startFakeEngine, type FakeEngine } from './test-support/fake-engine';
import {
  makeTempHome,
  writeContext,
  writeDockerConfig,
  writeRawContext,
  type TempHome,
} from './test-support/temp-home';
import { jsonErrorText } from '../../shared/json-error-text';

let temp: TempHome;
let configDir: string;
const fakes: FakeEngine[] = [];
beforeEach(async () => {
  temp = await makeTempHome();
  configDir = path.join(temp.home, '.docker');
});
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await temp.remove();
});

const base = (env: NodeJS.ProcessEnv = {}) => ({
  env,
  home: temp.home,
  systemSocketPath: temp.systemSocketPath,
});
const byName = <T extends Pick<DiscoveredEngine, 'name'>>(engines: T[]): Map<string, T> =>
  new Map(engines.map((e) => [e.name, e]));

describe('listEngineCandidates', () => {
  it('always has the implicit default context on the system socket, current when nothing else is', async () => {
    const { candidates } = await listEngineCandidates(base());
    expect(candidates).toEqual([
      {
        name: 'default',
        endpoint: `unix://${temp.systemSocketPath}`,
        source: 'context',
        provider: 'docker-engine',
        current: true,
      },
    ]);
  });

  it('lists unix, tcp (with and without TLS) and ssh contexts, and marks currentContext', async () => {
    await writeContext(configDir, { name: 'rancher-desktop', host: `unix://${temp.home}/.rd/docker.sock` });
    await writeContext(configDir, { name: 'remote', host: 'tcp://10.0.0.5:2375' });
    await writeContext(configDir, {
      name: 'secure',
      host: 'tcp://10.0.0.6:2376',
      tls: { ca: 'c', cert: 'c', key: 'k' },
    });
    await writeContext(configDir, { name: 'build-box', host: 'ssh://ada@build-box:2222' });
    await writeDockerConfig(configDir, { currentContext: 'rancher-desktop' });
    const engines = byName((await listEngineCandidates(base())).candidates);
    expect([...engines.keys()]).toEqual(['default', 'build-box', 'rancher-desktop', 'remote', 'secure']);
    expect(engines.get('rancher-desktop')).toMatchObject({
      provider: 'rancher-desktop',
      current: true,
      source: 'context',
    });
    expect(engines.get('default')).toMatchObject({ current: false });
    expect(engines.get('remote')).toMatchObject({
      endpoint: 'tcp://10.0.0.5:2375',
      provider: 'docker-engine',
    });
    expect(engines.get('remote')?.tls).toBeUndefined();
    const tlsDir = path.join(configDir, 'contexts', 'tls', contextStoreId('secure'), 'docker');
    expect(engines.get('secure')?.tls).toEqual({
      caPath: path.join(tlsDir, 'ca.pem'),
      certPath: path.join(tlsDir, 'cert.pem'),
      keyPath: path.join(tlsDir, 'key.pem'),
    });
    expect(engines.get('build-box')).toMatchObject({ endpoint: 'ssh://ada@build-box:2222', current: false });
  });

  it('lets DOCKER_CONTEXT override currentContext', async () => {
    await writeContext(configDir, {
      name: 'colima',
      host: `unix://${temp.home}/.colima/default/docker.sock`,
    });
    await writeContext(configDir, { name: 'remote', host: 'tcp://10.0.0.5:2375' });
    await writeDockerConfig(configDir, { currentContext: 'remote' });
    const { candidates } = await listEngineCandidates(base({ DOCKER_CONTEXT: 'colima' }));
    expect(candidates.filter((c) => c.current).map((c) => c.name)).toEqual(['colima']);
  });

  it('lets DOCKER_HOST override every context, as the default context', async () => {
    await writeContext(configDir, {
      name: 'colima',
      host: `unix://${temp.home}/.colima/default/docker.sock`,
    });
    await writeDockerConfig(configDir, { currentContext: 'colima' });
    const { candidates } = await listEngineCandidates(
      base({ DOCKER_HOST: 'tcp://127.0.0.1:2375', DOCKER_CONTEXT: 'colima' }),
    );
    const current = candidates.filter((c) => c.current);
    expect(current).toEqual([
      {
        name: 'default',
        endpoint: 'tcp://127.0.0.1:2375',
        source: 'env',
        provider: 'docker-engine',
        current: true,
      },
    ]);
  });

  it('gives DOCKER_HOST the TLS files of DOCKER_CERT_PATH when DOCKER_TLS_VERIFY is set', async () => {
    const certs = path.join(temp.home, 'certs');
    await fs.mkdir(certs);
    for (const file of ['ca.pem', 'cert.pem', 'key.pem']) await fs.writeFile(path.join(certs, file), 'x');
    const { candidates } = await listEngineCandidates(
      base({ DOCKER_HOST: 'tcp://10.0.0.5:2376', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: certs }),
    );
    expect(candidates[0]?.tls).toEqual({
      caPath: path.join(certs, 'ca.pem'),
      certPath: path.join(certs, 'cert.pem'),
      keyPath: path.join(certs, 'key.pem'),
    });
  });

  it('reads contexts from DOCKER_CONFIG, not ~/.docker', async () => {
    const elsewhere = path.join(temp.home, 'ci-docker');
    await writeContext(elsewhere, { name: 'ci', host: 'tcp://10.1.1.1:2375' });
    await writeDockerConfig(elsewhere, { currentContext: 'ci' });
    await writeContext(configDir, { name: 'ignored', host: 'tcp://10.2.2.2:2375' });
    const { candidates } = await listEngineCandidates(base({ DOCKER_CONFIG: elsewhere }));
    expect(candidates.map((c) => [c.name, c.current])).toEqual([
      ['default', false],
      ['ci', true],
    ]);
  });

  it('adds the known sockets of every colima profile', async () => {
    await fs.mkdir(path.join(temp.home, '.colima', 'default'), { recursive: true });
    await fs.mkdir(path.join(temp.home, '.colima', 'mountbench-9p'), { recursive: true });
    const { candidates } = await listEngineCandidates(base());
    expect(
      candidates.filter((c) => c.source === 'socket').map((c) => [c.name, c.provider, c.endpoint]),
    ).toEqual([
      ['colima', 'colima', `unix://${temp.home}/.colima/default/docker.sock`],
      ['colima-mountbench-9p', 'colima', `unix://${temp.home}/.colima/mountbench-9p/docker.sock`],
    ]);
  });

  it('lists an engine once when a context, a known socket and a symlinked system socket reach it', async () => {
    const desktopSocket = path.join(temp.home, '.docker', 'run', 'docker.sock');
    await fs.mkdir(path.dirname(desktopSocket), { recursive: true });
    await fs.writeFile(desktopSocket, '');
    // As Docker Desktop sets up a Mac: /var/run/docker.sock links to the user's socket.
    await fs.symlink(desktopSocket, temp.systemSocketPath);
    await writeContext(configDir, { name: 'desktop-linux', host: `unix://${desktopSocket}` });
    const { candidates } = await listEngineCandidates(base());
    expect(candidates).toEqual([
      {
        name: 'desktop-linux',
        endpoint: `unix://${desktopSocket}`,
        source: 'context',
        provider: 'docker-desktop',
        // `default` (current) merged into it.
        current: true,
      },
    ]);
  });

  it('guesses Docker Desktop for the default context when the system socket links to its socket', async () => {
    const desktopSocket = path.join(temp.home, '.docker', 'run', 'docker.sock');
    await fs.mkdir(path.dirname(desktopSocket), { recursive: true });
    await fs.writeFile(desktopSocket, '');
    await fs.symlink(desktopSocket, temp.systemSocketPath);
    const { candidates } = await listEngineCandidates(base());
    expect(candidates).toEqual([
      {
        name: 'default',
        endpoint: `unix://${temp.systemSocketPath}`,
        source: 'context',
        provider: 'docker-desktop',
        current: true,
      },
    ]);
  });

  it("merges the system socket into Docker Desktop's known socket when it links there", async () => {
    const desktopSocket = path.join(temp.home, '.docker', 'run', 'docker.sock');
    await fs.mkdir(path.dirname(desktopSocket), { recursive: true });
    await fs.writeFile(desktopSocket, '');
    await fs.symlink(desktopSocket, temp.systemSocketPath);
    // With DOCKER_HOST elsewhere, the system socket stands on its own as a known socket.
    const { candidates } = await listEngineCandidates(base({ DOCKER_HOST: 'tcp://10.0.0.5:2375' }));
    expect(candidates.map((c) => [c.name, c.provider])).toEqual([
      ['default', 'docker-engine'],
      ['desktop-linux', 'docker-desktop'],
    ]);
  });

  it('merges tcp contexts to one address and TLS mode, the default port filled in, but not across TLS modes', async () => {
    await writeContext(configDir, { name: 'a-plain', host: 'tcp://10.0.0.5' });
    await writeContext(configDir, { name: 'b-plain', host: 'tcp://10.0.0.5:2375' });
    await writeContext(configDir, { name: 'c-lax', host: 'tcp://10.0.0.5:2375', skipTLSVerify: true });
    const { candidates } = await listEngineCandidates(base());
    expect(candidates.map((c) => c.name)).toEqual(['default', 'a-plain', 'c-lax']);
  });

  it('reports a malformed context file as its own entry and goes on', async () => {
    await writeContext(configDir, { name: 'good', host: 'tcp://10.0.0.5:2375' });
    const broken = await writeRawContext(
      configDir,
      contextStoreId('broken'),
      '{"Name":"broken","Endpoints":{"docker":',
    );
    const { candidates } = await listEngineCandidates(base());
    expect(candidates.map((c) => c.name)).toEqual(['default', 'good', contextStoreId('broken')]);
    expect(candidates[2]?.error).toBe(
      `The context file ${broken} is not valid JSON: ${jsonError('{"Name":"broken","Endpoints":{"docker":')}`,
    );
  });

  it('says so when the current context does not exist', async () => {
    await writeDockerConfig(configDir, { currentContext: 'gone' });
    const { candidates } = await listEngineCandidates(base());
    const gone = candidates.find((c) => c.name === 'gone');
    expect(gone).toMatchObject({ current: true, endpoint: '' });
    expect(gone?.error).toContain('The current context "gone" (set by config.json) does not exist');
  });

  it('reports an unparsable config.json as a problem and carries on', async () => {
    await writeDockerConfig(configDir, '{ nope');
    const { candidates, problems } = await listEngineCandidates(base());
    expect(candidates.map((c) => c.name)).toEqual(['default']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('config.json is not valid JSON');
  });
});

describe('discoverEngines', () => {
  it('probes every engine in parallel and reports each one, reachable or why not', async () => {
    const rdSocket = path.join(temp.home, '.rd', 'docker.sock');
    await fs.mkdir(path.dirname(rdSocket), { recursive: true });
    fakes.push(await startFakeEngine('docker', { socketPath: rdSocket }));
    // A regular file where a socket should be: the connection is refused.
    await fs.writeFile(temp.systemSocketPath, '');
    await writeContext(configDir, { name: 'missing', host: `unix://${temp.home}/nowhere.sock` });
    await writeContext(configDir, { name: 'weird', host: 'http://10.0.0.5' });
    await writeRawContext(configDir, 'ffff', 'not json');

    const engines = byName(await discoverEngines({ ...base(), timeoutMs: 3000 }));
    expect(engines.get('rancher-desktop')).toMatchObject({
      source: 'socket',
      provider: 'rancher-desktop',
      reachable: true,
      serverVersion: FAKE_VERSION.Version,
      apiVersion: FAKE_VERSION.ApiVersion,
      cpus: 8,
    });
    expect(engines.get('default')).toMatchObject({ reachable: false, current: true });
    expect(engines.get('default')?.error).toMatch(/^connection refused on /);
    expect(engines.get('missing')).toMatchObject({
      reachable: false,
      error: `no socket at ${temp.home}/nowhere.sock (is the engine running?)`,
    });
    expect(engines.get('weird')?.error).toContain('the scheme "http://" is not supported');
    expect(engines.get('ffff')?.error).toContain('is not valid JSON');
  });

  it('drops an ssh engine that never finishes its handshake once the probe times out', async () => {
    // A server that accepts and never sends an ssh banner, as a host behind a stuck tunnel does.
    const server = net.createServer();
    const closed = new Promise<void>((resolve) => {
      // resume(): an unread socket never sees the peer's end, and so would never close.
      server.on('connection', (socket) => socket.resume().on('close', () => resolve()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const engines = await discoverEngines({
        ...base({ DOCKER_HOST: `ssh://ada@127.0.0.1:${port}` }),
        timeoutMs: 300,
      });
      expect(engines.find((e) => e.name === 'default')).toMatchObject({
        reachable: false,
        error: 'timed out after 0.3 s',
      });
      // Without a bounded handshake ssh2 would hold this connection (and the process) for 20 s.
      await closed;
    } finally {
      server.close();
    }
  });

  it('refuses a timeout that is not a positive number', async () => {
    await expect(discoverEngines({ ...base(), timeoutMs: 0 })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('stops at once on an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(discoverEngineReport({ ...base(), signal: controller.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });
});

/** What the reader says about bad JSON: where, never the text (json-error-text.ts). */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return jsonErrorText(err, text);
  }
  return '';
}
