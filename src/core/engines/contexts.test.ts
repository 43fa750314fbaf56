import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextStoreId, readContexts } from './contexts';
import { makeTempHome, writeContext, writeRawContext, type TempHome } from './test-support/temp-home';

let temp: TempHome;
let configDir: string;
beforeEach(async () => {
  temp = await makeTempHome();
  configDir = path.join(temp.home, '.docker');
});
afterEach(async () => {
  await temp.remove();
});

describe('readContexts', () => {
  it('names the store folders by the sha256 of the context name, as Docker does', () => {
    // The folder Docker Desktop creates for its `desktop-linux` context.
    expect(contextStoreId('desktop-linux')).toBe(
      'fe9c6bd7a66301f49ca9b6a70b217107cd1284598bfc254700c989b916da791e',
    );
  });

  it('reads unix, tcp and ssh contexts', async () => {
    await writeContext(configDir, { name: 'rancher-desktop', host: 'unix:///Users/u/.rd/docker.sock' });
    await writeContext(configDir, { name: 'remote', host: 'tcp://10.0.0.5:2375' });
    await writeContext(configDir, { name: 'build-box', host: 'ssh://ada@build-box' });
    const { contexts, problems } = await readContexts(configDir);
    expect(problems).toEqual([]);
    expect(contexts.map(({ name, host, tls }) => ({ name, host, tls }))).toEqual([
      { name: 'build-box', host: 'ssh://ada@build-box', tls: undefined },
      { name: 'rancher-desktop', host: 'unix:///Users/u/.rd/docker.sock', tls: undefined },
      { name: 'remote', host: 'tcp://10.0.0.5:2375', tls: undefined },
    ]);
  });

  it('finds the TLS material of a context', async () => {
    await writeContext(configDir, {
      name: 'secure',
      host: 'tcp://10.0.0.5:2376',
      tls: { ca: 'ca', cert: 'cert', key: 'key' },
    });
    const [context] = (await readContexts(configDir)).contexts;
    const tlsDir = path.join(configDir, 'contexts', 'tls', contextStoreId('secure'), 'docker');
    expect(context?.tls).toEqual({
      caPath: path.join(tlsDir, 'ca.pem'),
      certPath: path.join(tlsDir, 'cert.pem'),
      keyPath: path.join(tlsDir, 'key.pem'),
    });
  });

  it('carries SkipTLSVerify, with or without material', async () => {
    await writeContext(configDir, { name: 'lax', host: 'tcp://10.0.0.5:2376', skipTLSVerify: true });
    await writeContext(configDir, {
      name: 'lax-ca',
      host: 'tcp://10.0.0.6:2376',
      skipTLSVerify: true,
      tls: { ca: 'ca' },
    });
    const { contexts } = await readContexts(configDir);
    expect(contexts.find((c) => c.name === 'lax')?.tls).toEqual({ skipVerify: true });
    expect(contexts.find((c) => c.name === 'lax-ca')?.tls).toMatchObject({
      skipVerify: true,
      caPath: expect.stringMatching(/ca\.pem$/),
    });
  });

  it('reports each broken file clearly and still reads the others', async () => {
    await writeContext(configDir, { name: 'good', host: 'unix:///tmp/good.sock' });
    const notJson = await writeRawContext(configDir, 'aaaa', '{"Name": "half-written", "Endpoints": {');
    const wrongShape = await writeRawContext(
      configDir,
      'bbbb',
      JSON.stringify({ Name: 'shape', Endpoints: { docker: { Host: 7 } } }),
    );
    const noDocker = await writeRawContext(
      configDir,
      'cccc',
      JSON.stringify({ Name: 'k8s-only', Endpoints: { kubernetes: { Host: 'https://k8s' } } }),
    );
    const { contexts, problems } = await readContexts(configDir);
    expect(contexts.map((c) => c.name)).toEqual(['good']);
    expect(problems).toHaveLength(3);
    const byPath = new Map(problems.map((p) => [p.metaPath, p]));
    expect(byPath.get(notJson)?.message).toContain('is not valid JSON');
    expect(byPath.get(notJson)?.name).toBe('aaaa');
    expect(byPath.get(wrongShape)?.message).toContain('Endpoints.docker.Host');
    expect(byPath.get(wrongShape)?.name).toBe('shape');
    expect(byPath.get(noDocker)?.message).toContain('has no docker endpoint');
  });

  it('reads the keys as the docker CLI does: struct fields in any case, the endpoint name exactly', async () => {
    await writeRawContext(
      configDir,
      'dddd',
      JSON.stringify({
        name: 'lower',
        endpoints: { docker: { host: 'unix:///tmp/lower.sock', skipTLSVerify: true } },
      }),
    );
    // A later spelling of the same field overwrites an earlier one, as Go's decoder does.
    await writeRawContext(
      configDir,
      'eeee',
      '{"NAME":"first","Name":"upper","ENDPOINTS":{"docker":{"HOST":"unix:///tmp/upper.sock"}}}',
    );
    const mixed = await writeRawContext(
      configDir,
      'ffff',
      JSON.stringify({ Name: 'wrong-endpoint', Endpoints: { Docker: { Host: 'unix:///tmp/x.sock' } } }),
    );
    const { contexts, problems } = await readContexts(configDir);
    expect(contexts.map(({ name, host, tls }) => ({ name, host, tls }))).toEqual([
      { name: 'lower', host: 'unix:///tmp/lower.sock', tls: { skipVerify: true } },
      { name: 'upper', host: 'unix:///tmp/upper.sock', tls: undefined },
    ]);
    expect(problems.map((p) => [p.metaPath, p.message])).toEqual([
      [mixed, expect.stringContaining('has no docker endpoint')],
    ]);
  });

  it('refuses a context file far too large to be one, without reading it', async () => {
    const huge = await writeRawContext(configDir, 'abab', `{"Name":"big","x":"${'y'.repeat(1024 * 1024)}"}`);
    const { contexts, problems } = await readContexts(configDir);
    expect(contexts).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        metaPath: huge,
        message: expect.stringMatching(/is 1.0 MB; more than the 1.0 MB allowed/),
      }),
    ]);
  });

  it('has nothing to say when there is no context store', async () => {
    expect(await readContexts(configDir)).toEqual({ contexts: [], problems: [] });
  });
});
