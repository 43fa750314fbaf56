import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Dockerode from 'dockerode';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { dockerOptionsFor } from './endpoint-options';

// Only the envelope matters here: docker-modem splits CA bundles on these markers.
const CA_PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mb-opts-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function tlsFiles(): Promise<{ caPath: string; certPath: string; keyPath: string }> {
  const files = {
    caPath: path.join(dir, 'ca.pem'),
    certPath: path.join(dir, 'cert.pem'),
    keyPath: path.join(dir, 'key.pem'),
  };
  await fs.writeFile(files.caPath, CA_PEM);
  await fs.writeFile(files.certPath, 'CERT PEM');
  await fs.writeFile(files.keyPath, 'KEY PEM');
  return files;
}

describe('dockerOptionsFor', () => {
  it('maps unix:// to a socket path', () => {
    expect(dockerOptionsFor('unix:///Users/u/.colima/default/docker.sock')).toEqual({
      socketPath: '/Users/u/.colima/default/docker.sock',
    });
  });

  it('maps tcp:// without TLS to plain http, with the docker CLI default port', () => {
    expect(dockerOptionsFor('tcp://127.0.0.1:2375')).toEqual({
      host: '127.0.0.1',
      port: 2375,
      protocol: 'http',
    });
    expect(dockerOptionsFor('tcp://docker.example')).toEqual({
      host: 'docker.example',
      port: 2375,
      protocol: 'http',
    });
  });

  it('maps tcp:// with TLS material to https with the files read', async () => {
    const files = await tlsFiles();
    const options = dockerOptionsFor('tcp://docker.example', files);
    expect(options.protocol).toBe('https');
    expect(options.port).toBe(2376);
    expect(options.ca?.toString()).toBe(CA_PEM);
    expect(options.cert?.toString()).toBe('CERT PEM');
    expect(options.key?.toString()).toBe('KEY PEM');
    // Verification stays on unless the context says SkipTLSVerify.
    expect(options.agent).toBeUndefined();
  });

  it('honours SkipTLSVerify with an agent that does not check the server', async () => {
    const options = dockerOptionsFor('tcp://10.0.0.5:2376', { skipVerify: true });
    expect(options.protocol).toBe('https');
    expect(options.ca).toBeUndefined();
    expect(options.agent?.options.rejectUnauthorized).toBe(false);
  });

  it('says which TLS file it cannot read', () => {
    const missing = path.join(dir, 'nope', 'ca.pem');
    expect(() => dockerOptionsFor('tcp://h:2376', { caPath: missing })).toThrow(missing);
  });

  it('maps ssh:// to the ssh protocol with host, port and user', () => {
    expect(
      dockerOptionsFor('ssh://ada@build-box:2222', undefined, { SSH_AUTH_SOCK: '/tmp/agent.sock' }),
    ).toEqual({
      protocol: 'ssh',
      host: 'build-box',
      port: 2222,
      username: 'ada',
      sshOptions: { agent: '/tmp/agent.sock' },
    });
    const defaults = dockerOptionsFor('ssh://build-box', undefined, { USER: 'grace' });
    expect(defaults).toEqual({ protocol: 'ssh', host: 'build-box', port: 22, username: 'grace' });
  });

  it('refuses unknown schemes with BAD_INPUT', () => {
    expect(() => dockerOptionsFor('fd://')).toThrow(MountbenchError);
    try {
      dockerOptionsFor('fd://');
    } catch (err) {
      expect((err as MountbenchError).code).toBe('BAD_INPUT');
    }
  });

  it('is not bent by DOCKER_HOST in the process environment', async () => {
    await tlsFiles(); // docker-modem reads DOCKER_CERT_PATH's files as soon as it is constructed
    // docker-modem reads process.env itself; an engine other than DOCKER_HOST must still be reached.
    const saved = { host: process.env.DOCKER_HOST, cert: process.env.DOCKER_CERT_PATH };
    process.env.DOCKER_HOST = 'tcp://10.9.9.9:2376';
    process.env.DOCKER_CERT_PATH = dir;
    try {
      const docker = new Dockerode(dockerOptionsFor('unix:///run/user/1000/docker.sock'));
      const modem = docker.modem as { host?: string; socketPath?: string; ca?: unknown };
      expect(modem.host).toBeUndefined();
      expect(modem.socketPath).toBe('/run/user/1000/docker.sock');
      expect(modem.ca).toBeUndefined();
    } finally {
      if (saved.host === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = saved.host;
      if (saved.cert === undefined) delete process.env.DOCKER_CERT_PATH;
      else process.env.DOCKER_CERT_PATH = saved.cert;
    }
  });
});
