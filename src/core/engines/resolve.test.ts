import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { resolveEngine } from './resolve';
import { FAKE_VERSION, startFakeEngine, type FakeEngine } from './test-support/fake-engine';
import { makeTempHome, writeContext, writeDockerConfig, type TempHome } from './test-support/temp-home';

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

const options = (env: NodeJS.ProcessEnv = {}) => ({
  env,
  home: temp.home,
  systemSocketPath: temp.systemSocketPath,
  timeoutMs: 3000,
});

async function fakeAt(socketPath: string): Promise<FakeEngine> {
  await fs.mkdir(path.dirname(socketPath), { recursive: true });
  const fake = await startFakeEngine('docker', { socketPath });
  fakes.push(fake);
  return fake;
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

describe('resolveEngine', () => {
  it('without a name takes the current engine and connects to it', async () => {
    await fakeAt(temp.systemSocketPath);
    await fakeAt(path.join(temp.home, '.rd', 'docker.sock'));
    const { engine, docker } = await resolveEngine(undefined, options());
    expect(engine).toMatchObject({ name: 'default', current: true, reachable: true });
    expect((await docker.version()).ApiVersion).toBe(FAKE_VERSION.ApiVersion);
  });

  it('falls back to the first engine that answers only when no engine was chosen', async () => {
    await fakeAt(path.join(temp.home, '.colima', 'default', 'docker.sock'));
    const { engine } = await resolveEngine(undefined, options());
    expect(engine).toMatchObject({ name: 'colima', provider: 'colima', reachable: true, current: false });
  });

  it('refuses, naming it, a current context the user chose that does not answer', async () => {
    await writeContext(configDir, { name: 'remote', host: `unix://${temp.home}/gone.sock` });
    await writeDockerConfig(configDir, { currentContext: 'remote' });
    await fakeAt(path.join(temp.home, '.colima', 'default', 'docker.sock'));
    const err = await rejection(resolveEngine(undefined, options()));
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toMatch(/^The engine you selected "remote" \(unix:\/\/.*gone\.sock\): /);
    expect(err.message).toMatch(/current docker context.*no other engine is used in its place/);
  });

  it.each([
    ['dead', (home: string) => `unix://${home}/dead.sock`],
    ['garbage', () => 'not a docker host'],
  ])('refuses a %s DOCKER_HOST instead of measuring another engine', async (_kind, host) => {
    await fakeAt(temp.systemSocketPath);
    const err = await rejection(resolveEngine(undefined, options({ DOCKER_HOST: host(temp.home) })));
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toMatch(/^The engine you selected "default"/);
    expect(err.message).toMatch(/chosen by DOCKER_HOST/);
  });

  it('refuses a DOCKER_CONTEXT that names no context', async () => {
    await fakeAt(temp.systemSocketPath);
    const err = await rejection(resolveEngine(undefined, options({ DOCKER_CONTEXT: 'nope' })));
    expect(err.message).toMatch(/^The engine you selected "nope".*chosen by DOCKER_CONTEXT/s);
  });

  it('finds an engine by name or by endpoint', async () => {
    const rd = await fakeAt(path.join(temp.home, '.rd', 'docker.sock'));
    expect((await resolveEngine('rancher-desktop', options())).engine.endpoint).toBe(rd.endpoint);
    expect((await resolveEngine(rd.endpoint, options())).engine.name).toBe('rancher-desktop');
  });

  it('names the valid engines when the name is unknown', async () => {
    await writeContext(configDir, { name: 'remote', host: 'tcp://127.0.0.1:1' });
    const err = await rejection(resolveEngine('colmia', options()));
    expect(err.code).toBe('ENGINE_NOT_FOUND');
    expect(err.message).toBe('No engine named "colmia". Known engines: default, remote.');
  });

  it('a run naming the dead DOCKER_HOST engine is refused while the system socket answers', async () => {
    // What the dashboard sends once Setup keeps the DOCKER_HOST engine chosen: its name, never the
    // engine that happens to answer.
    await fakeAt(temp.systemSocketPath);
    const env = { DOCKER_HOST: `unix://${temp.home}/dead.sock` };
    const err = await rejection(resolveEngine('default', options(env)));
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toMatch(/^Tried the engine "default" \(unix:\/\/.*dead\.sock\): /);
    // The engine that answers is used only when it is named.
    const { engine } = await resolveEngine('system', options(env));
    expect(engine).toMatchObject({ name: 'system', reachable: true, current: false });
  });

  it('says why a named engine is unreachable', async () => {
    const err = await rejection(resolveEngine('default', options()));
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toBe(
      `Tried the engine "default" (unix://${temp.systemSocketPath}): no socket at ${temp.systemSocketPath} (is the engine running?).`,
    );
  });

  it('lists every engine it tried, and why each failed, when none answers', async () => {
    await writeContext(configDir, { name: 'remote', host: `unix://${temp.home}/gone.sock` });
    await fs.mkdir(path.join(temp.home, '.rd'));
    const err = await rejection(resolveEngine(undefined, options()));
    expect(err.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message.split('\n')).toEqual([
      'No Docker engine answered. Tried:',
      `  - "default" (unix://${temp.systemSocketPath}): no socket at ${temp.systemSocketPath} (is the engine running?)`,
      `  - "remote" (unix://${temp.home}/gone.sock): no socket at ${temp.home}/gone.sock (is the engine running?)`,
      `  - "rancher-desktop" (unix://${temp.home}/.rd/docker.sock): no socket at ${temp.home}/.rd/docker.sock (is the engine running?)`,
    ]);
  });
});
