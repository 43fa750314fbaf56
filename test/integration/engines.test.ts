// Engine discovery and connections against the real Docker Engine: its unix socket, and the same
// engine reached over loopback tcp (plain and TLS) through forwarders started by the test itself.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../src/shared/errors';
import { connectEngine, discoverEngines, engineInfoFrom, resolveEngine } from '../../src/core/engines';
import {
  makeTempHome,
  writeContext,
  writeDockerConfig,
  type TempHome,
} from '../../src/core/engines/test-support/temp-home';

const run = promisify(execFile);
const ENGINE_SOCKET = '/var/run/docker.sock';

interface Forwarder {
  port: number;
  /** Connections accepted, so a test can tell traffic really went through the forwarder. */
  connections: () => number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (a random port) and pipes every connection to the engine's unix socket. */
async function startForwarder(secure?: tls.TlsOptions): Promise<Forwarder> {
  const open = new Set<net.Socket>();
  let accepted = 0;
  const forward = (client: net.Socket): void => {
    accepted += 1;
    const upstream = net.connect(ENGINE_SOCKET);
    open.add(client).add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  };
  const server = secure ? tls.createServer(secure, forward) : net.createServer(forward);
  // A client that fails the TLS handshake never reaches `forward`; it is expected in the TLS tests.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the engine was not discovered');
  return value;
}

async function rejection(promise: Promise<unknown>): Promise<MountbenchError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MountbenchError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

/** The docker CLI's own view of the engine, to check discovery against something independent. */
async function dockerCli(format: string): Promise<string> {
  const env = { ...process.env };
  delete env.DOCKER_HOST;
  delete env.DOCKER_CONTEXT;
  const { stdout } = await run('docker', ['-H', `unix://${ENGINE_SOCKET}`, 'version', '--format', format], {
    env,
  });
  return stdout.trim();
}

let temp: TempHome;
let configDir: string;
beforeEach(async () => {
  temp = await makeTempHome();
  configDir = path.join(temp.home, 'docker-config');
});
afterEach(async () => {
  await temp.remove();
});

describe('the real engine on its unix socket', () => {
  it('is discovered as the current default context, reachable, with the versions the docker CLI reports', async () => {
    const engines = await discoverEngines({ env: {}, home: temp.home });
    const engine = engines.find((e) => e.name === 'default');
    expect(engine).toMatchObject({
      endpoint: `unix://${ENGINE_SOCKET}`,
      source: 'context',
      provider: 'docker-engine',
      current: true,
      reachable: true,
    });
    expect(engine?.serverVersion).toBe(await dockerCli('{{.Server.Version}}'));
    expect(engine?.apiVersion).toBe(await dockerCli('{{.Server.APIVersion}}'));
    expect(engine?.osType).toBe('linux');
    expect(engine?.cpus).toBeGreaterThan(0);
    expect(engine?.memoryBytes).toBeGreaterThan(0);
    // The platform name as the docker CLI prints it (empty on Debian's engine: then not kept).
    expect(engine?.platformName ?? '').toBe(await dockerCli('{{.Server.Platform.Name}}'));
    // engineInfoFrom must accept what the real engine reports.
    const info = engineInfoFrom(found(engine));
    expect(info.serverVersion).toBe(engine?.serverVersion);
    // A plain engine is no product with a release of its own: the team compares its engine version.
    expect(info.productVersion).toBeNull();
  });
});

describe('the real engine over loopback tcp', () => {
  let forwarder: Forwarder;
  beforeAll(async () => {
    forwarder = await startForwarder();
  });
  afterAll(async () => {
    await forwarder.close();
  });

  it('is discovered from a tcp context in DOCKER_CONFIG, and answers ping and version through it', async () => {
    const endpoint = `tcp://127.0.0.1:${forwarder.port}`;
    await writeContext(configDir, { name: 'mb-tcp', host: endpoint });
    await writeDockerConfig(configDir, { currentContext: 'mb-tcp' });
    const before = forwarder.connections();

    const engines = await discoverEngines({ env: { DOCKER_CONFIG: configDir }, home: temp.home });
    const engine = engines.find((e) => e.name === 'mb-tcp');
    expect(engine).toMatchObject({ endpoint, source: 'context', current: true, reachable: true });
    expect(engine?.serverVersion).toBe(await dockerCli('{{.Server.Version}}'));
    expect(forwarder.connections()).toBeGreaterThan(before);

    const docker = connectEngine(found(engine));
    expect(String(await docker.ping())).toBe('OK');
    expect((await docker.version()).ApiVersion).toBe(engine?.apiVersion);
  });

  it('is what resolveEngine picks when DOCKER_HOST points at it', async () => {
    const { engine, docker } = await resolveEngine(undefined, {
      env: { DOCKER_HOST: `tcp://127.0.0.1:${forwarder.port}` },
      home: temp.home,
    });
    expect(engine).toMatchObject({ name: 'default', source: 'env', current: true, reachable: true });
    expect(String(await docker.ping())).toBe('OK');
  });
});

describe('the real engine over loopback tcp with TLS', () => {
  let certs: string;
  let forwarder: Forwarder;
  const pem = (file: string): Promise<string> => fs.readFile(path.join(certs, file), 'utf8');

  beforeAll(async () => {
    certs = await fs.mkdtemp(path.join(os.tmpdir(), 'mb-tls-'));
    await makeCertificates(certs);
    forwarder = await startForwarder({
      key: await pem('server-key.pem'),
      cert: await pem('server-cert.pem'),
      ca: await pem('ca.pem'),
      // As dockerd with --tlsverify: clients must show a certificate signed by the CA.
      requestCert: true,
      rejectUnauthorized: true,
    });
  });
  afterAll(async () => {
    await forwarder.close();
    await fs.rm(certs, { recursive: true, force: true });
  });

  it("connects with the context's TLS material", async () => {
    await writeContext(configDir, {
      name: 'mb-tls',
      host: `tcp://127.0.0.1:${forwarder.port}`,
      tls: { ca: await pem('ca.pem'), cert: await pem('client-cert.pem'), key: await pem('client-key.pem') },
    });
    const { engine, docker } = await resolveEngine('mb-tls', {
      env: { DOCKER_CONFIG: configDir },
      home: temp.home,
    });
    expect(engine.tls?.caPath).toBeDefined();
    expect(engine.serverVersion).toBe(await dockerCli('{{.Server.Version}}'));
    expect(String(await docker.ping())).toBe('OK');
  });

  it('skips server verification only when the context says SkipTLSVerify', async () => {
    const client = { cert: await pem('client-cert.pem'), key: await pem('client-key.pem') };
    const host = `tcp://127.0.0.1:${forwarder.port}`;
    await writeContext(configDir, { name: 'mb-skip', host, skipTLSVerify: true, tls: client });
    await writeContext(configDir, { name: 'mb-strict', host, tls: client });
    const engines = await discoverEngines({ env: { DOCKER_CONFIG: configDir }, home: temp.home });
    expect(engines.find((e) => e.name === 'mb-skip')).toMatchObject({ reachable: true });
    // Without the CA the self-made server certificate cannot be trusted.
    const strict = engines.find((e) => e.name === 'mb-strict');
    expect(strict?.reachable).toBe(false);
    expect(strict?.error).toMatch(/^TLS failed with 127\.0\.0\.1:\d+: .*certificate/);
  });

  it('is unreachable without a client certificate, and says so', async () => {
    await writeContext(configDir, {
      name: 'mb-nocert',
      host: `tcp://127.0.0.1:${forwarder.port}`,
      tls: { ca: await pem('ca.pem') },
    });
    const err = await rejection(
      resolveEngine('mb-nocert', { env: { DOCKER_CONFIG: configDir }, home: temp.home }),
    );
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toMatch(/^Tried the engine "mb-nocert" \(tcp:\/\/127\.0\.0\.1:\d+\): /);
  });
});

describe('unreachable engines', () => {
  it('a unix socket that does not exist', async () => {
    const missing = path.join(temp.home, 'no-such', 'docker.sock');
    await writeContext(configDir, { name: 'mb-gone', host: `unix://${missing}` });
    const err = await rejection(
      resolveEngine('mb-gone', { env: { DOCKER_CONFIG: configDir }, home: temp.home }),
    );
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toBe(
      `Tried the engine "mb-gone" (unix://${missing}): no socket at ${missing} (is the engine running?).`,
    );
  });

  it('a tcp port nothing listens on', async () => {
    const port = await closedPort();
    await writeContext(configDir, { name: 'mb-closed', host: `tcp://127.0.0.1:${port}` });
    const err = await rejection(
      resolveEngine('mb-closed', { env: { DOCKER_CONFIG: configDir }, home: temp.home }),
    );
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toContain(`connection refused by 127.0.0.1:${port}`);
  });

  it('no engine at all: every one tried is listed with its reason', async () => {
    const port = await closedPort();
    await writeContext(configDir, { name: 'mb-closed', host: `tcp://127.0.0.1:${port}` });
    const err = await rejection(
      resolveEngine(undefined, {
        env: { DOCKER_CONFIG: configDir },
        home: temp.home,
        systemSocketPath: temp.systemSocketPath,
      }),
    );
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toContain('No Docker engine answered. Tried:');
    expect(err.message).toContain(
      `"default" (unix://${temp.systemSocketPath}): no socket at ${temp.systemSocketPath}`,
    );
    expect(err.message).toContain(
      `"mb-closed" (tcp://127.0.0.1:${port}): connection refused by 127.0.0.1:${port}`,
    );
  });
});

/** A CA, a server certificate for 127.0.0.1 and a client certificate, as `dockerd --tlsverify` setups use. */
async function makeCertificates(dir: string): Promise<void> {
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  await fs.writeFile(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  await fs.writeFile(path.join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=mountbench test CA',
    '-keyout',
    'ca-key.pem',
    '-out',
    'ca.pem',
  );
  for (const who of ['server', 'client']) {
    await openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=mountbench test ${who}`,
      '-keyout',
      `${who}-key.pem`,
      '-out',
      `${who}.csr`,
    );
    await openssl(
      'x509',
      '-req',
      '-days',
      '2',
      '-in',
      `${who}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca-key.pem',
      '-CAcreateserial',
      '-extfile',
      `${who}.ext`,
      '-out',
      `${who}-cert.pem`,
    );
  }
}
