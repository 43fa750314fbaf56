import { execFileSync } from 'node:child_process';
import { rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dockerConfigDir, readDockerConfig } from './docker-config';
import { makeTempHome, writeDockerConfig, type TempHome } from './test-support/temp-home';

let temp: TempHome;
beforeEach(async () => {
  temp = await makeTempHome();
});
afterEach(async () => {
  await temp.remove();
});

describe('docker config', () => {
  it('lives in ~/.docker unless DOCKER_CONFIG moves it', () => {
    expect(dockerConfigDir({}, '/home/u')).toBe(path.join('/home/u', '.docker'));
    expect(dockerConfigDir({ DOCKER_CONFIG: '/etc/dockercfg' }, '/home/u')).toBe('/etc/dockercfg');
  });

  it('takes a relative DOCKER_CONFIG against the working folder, as the docker CLI does, not HOME', () => {
    expect(dockerConfigDir({ DOCKER_CONFIG: 'cfg' }, '/home/u', '/srv/project')).toBe('/srv/project/cfg');
    expect(dockerConfigDir({ DOCKER_CONFIG: '../cfg' }, '/home/u', '/srv/project')).toBe('/srv/cfg');
  });

  it('reads currentContext from config.json', async () => {
    await writeDockerConfig(path.join(temp.home, '.docker'), {
      auths: {},
      credsStore: 'desktop',
      currentContext: 'rancher-desktop',
    });
    expect(await readDockerConfig({}, temp.home)).toEqual({
      dir: path.join(temp.home, '.docker'),
      currentContext: 'rancher-desktop',
    });
  });

  it('reads the folder DOCKER_CONFIG names', async () => {
    const elsewhere = path.join(temp.home, 'cfg');
    await writeDockerConfig(elsewhere, { currentContext: 'colima' });
    await writeDockerConfig(path.join(temp.home, '.docker'), { currentContext: 'desktop-linux' });
    const config = await readDockerConfig({ DOCKER_CONFIG: elsewhere }, temp.home);
    expect(config.currentContext).toBe('colima');
  });

  it('is fine without a config.json', async () => {
    expect(await readDockerConfig({}, temp.home)).toEqual({ dir: path.join(temp.home, '.docker') });
  });

  it('reports an over-size config.json (refused by its size, never read) and a FIFO instead of waiting', async () => {
    const dir = path.join(temp.home, '.docker');
    await writeDockerConfig(dir, {});
    truncateSync(path.join(dir, 'config.json'), 600 * 1024 * 1024);
    const big = await readDockerConfig({}, temp.home);
    expect(big.currentContext).toBeUndefined();
    expect(big.problem).toMatch(/config\.json is 600\.0 MB; more than the 1\.0 MB allowed/);
    rmSync(path.join(dir, 'config.json'));
    execFileSync('mkfifo', [path.join(dir, 'config.json')]);
    expect((await readDockerConfig({}, temp.home)).problem).toMatch(/not a regular file \(it is a FIFO/);
  });

  it('reports a config.json it cannot parse instead of failing', async () => {
    await writeDockerConfig(path.join(temp.home, '.docker'), '{"currentContext": "colima",');
    const config = await readDockerConfig({}, temp.home);
    expect(config.currentContext).toBeUndefined();
    expect(config.problem).toContain('config.json is not valid JSON');
  });

  it('reports a currentContext that is not a string', async () => {
    await writeDockerConfig(path.join(temp.home, '.docker'), { currentContext: 42 });
    const config = await readDockerConfig({}, temp.home);
    expect(config.currentContext).toBeUndefined();
    expect(config.problem).toContain('currentContext');
  });
});
