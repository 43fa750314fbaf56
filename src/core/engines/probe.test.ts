import path from 'node:path';
import Dockerode from 'dockerode';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { probeEngine } from './probe';
import { FAKE_INFO, FAKE_VERSION, startFakeEngine, type FakeEngine } from './test-support/fake-engine';
import { makeTempHome, type TempHome } from './test-support/temp-home';

let temp: TempHome;
let fake: FakeEngine | undefined;
beforeEach(async () => {
  temp = await makeTempHome();
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  await temp.remove();
});

const socket = (): string => path.join(temp.home, 'engine.sock');

describe('probeEngine (against a stand-in API server on a real socket)', () => {
  it('reports what the engine says about itself', async () => {
    fake = await startFakeEngine('docker', { socketPath: socket() });
    const result = await probeEngine(new Dockerode({ socketPath: socket() }), fake.endpoint, {
      timeoutMs: 3000,
    });
    expect(result).toEqual({
      reachable: true,
      facts: {
        serverVersion: FAKE_VERSION.Version,
        platformName: FAKE_VERSION.Platform.Name,
        apiVersion: FAKE_VERSION.ApiVersion,
        os: FAKE_INFO.OperatingSystem,
        osType: FAKE_INFO.OSType,
        arch: FAKE_INFO.Architecture,
        kernelVersion: FAKE_INFO.KernelVersion,
        cpus: FAKE_INFO.NCPU,
        memoryBytes: FAKE_INFO.MemTotal,
      },
    });
    expect(fake.requests.sort()).toEqual(['/info', '/version']);
  });

  it('gives up with "timed out" on an engine that never answers', async () => {
    fake = await startFakeEngine('hang', { socketPath: socket() });
    const result = await probeEngine(new Dockerode({ socketPath: socket() }), fake.endpoint, {
      timeoutMs: 200,
    });
    expect(result).toEqual({ reachable: false, error: 'timed out after 0.2 s' });
  });

  it('does not take any HTTP server for a Docker engine', async () => {
    fake = await startFakeEngine('not-docker', { socketPath: socket() });
    const result = await probeEngine(new Dockerode({ socketPath: socket() }), fake.endpoint, {
      timeoutMs: 3000,
    });
    expect(result).toEqual({
      reachable: false,
      error: 'something answered, but not the way a Docker engine does',
    });
  });

  it('passes on an engine error', async () => {
    fake = await startFakeEngine('server-error', { socketPath: socket() });
    const result = await probeEngine(new Dockerode({ socketPath: socket() }), fake.endpoint, {
      timeoutMs: 3000,
    });
    expect(result).toEqual({
      reachable: false,
      error: 'the engine answered HTTP 500: daemon is shutting down',
    });
  });

  it('says there is no socket', async () => {
    const result = await probeEngine(new Dockerode({ socketPath: socket() }), `unix://${socket()}`, {
      timeoutMs: 3000,
    });
    expect(result).toEqual({ reachable: false, error: `no socket at ${socket()} (is the engine running?)` });
  });

  it('stops with CANCELLED when the caller aborts', async () => {
    fake = await startFakeEngine('hang', { socketPath: socket() });
    const controller = new AbortController();
    const probing = probeEngine(new Dockerode({ socketPath: socket() }), fake.endpoint, {
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    // Abort once the engine has the request, so the abort interrupts a call in flight.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(probing).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(
      probeEngine(new Dockerode({ socketPath: socket() }), fake.endpoint, {
        timeoutMs: 1000,
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(MountbenchError);
  });
});
