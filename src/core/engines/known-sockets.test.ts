import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { colimaHome, listKnownSockets } from './known-sockets';
import { makeTempHome, type TempHome } from './test-support/temp-home';

let temp: TempHome;
beforeEach(async () => {
  temp = await makeTempHome();
});
afterEach(async () => {
  await temp.remove();
});

const mkdir = (...parts: string[]): Promise<string | undefined> =>
  fs.mkdir(path.join(...parts), { recursive: true });

describe('listKnownSockets', () => {
  it('lists nothing for a home where no product is installed and no system socket exists', async () => {
    expect(
      await listKnownSockets({ env: {}, home: temp.home, systemSocketPath: temp.systemSocketPath }),
    ).toEqual([]);
  });

  it('lists each installed product at its socket, even when the socket is not there yet', async () => {
    await mkdir(temp.home, '.docker', 'run');
    await mkdir(temp.home, '.rd');
    await mkdir(temp.home, '.orbstack', 'run');
    const sockets = await listKnownSockets({
      env: {},
      home: temp.home,
      systemSocketPath: temp.systemSocketPath,
    });
    expect(sockets).toEqual([
      {
        name: 'desktop-linux',
        provider: 'docker-desktop',
        path: path.join(temp.home, '.docker', 'run', 'docker.sock'),
      },
      {
        name: 'rancher-desktop',
        provider: 'rancher-desktop',
        path: path.join(temp.home, '.rd', 'docker.sock'),
      },
      {
        name: 'orbstack',
        provider: 'orbstack',
        path: path.join(temp.home, '.orbstack', 'run', 'docker.sock'),
      },
    ]);
  });

  it('does not take a plain ~/.docker (every docker CLI user has one) for Docker Desktop', async () => {
    await mkdir(temp.home, '.docker', 'contexts');
    expect(
      await listKnownSockets({ env: {}, home: temp.home, systemSocketPath: temp.systemSocketPath }),
    ).toEqual([]);
  });

  it('lists every colima profile, named as colima names its contexts, skipping its own state folders', async () => {
    for (const dir of ['default', 'work', 'mountbench-9p', '_lima', '_templates'])
      await mkdir(temp.home, '.colima', dir);
    await fs.writeFile(path.join(temp.home, '.colima', 'not-a-profile.yaml'), '');
    const sockets = await listKnownSockets({
      env: {},
      home: temp.home,
      systemSocketPath: temp.systemSocketPath,
    });
    expect(sockets.map((s) => [s.name, s.provider, path.relative(temp.home, s.path)])).toEqual([
      ['colima', 'colima', path.join('.colima', 'default', 'docker.sock')],
      ['colima-mountbench-9p', 'colima', path.join('.colima', 'mountbench-9p', 'docker.sock')],
      ['colima-work', 'colima', path.join('.colima', 'work', 'docker.sock')],
    ]);
  });

  it('looks for colima profiles under $COLIMA_HOME when it is set', async () => {
    const colimaHome = path.join(temp.home, 'elsewhere', 'colima');
    await mkdir(colimaHome, 'default');
    await mkdir(temp.home, '.colima', 'ignored');
    const sockets = await listKnownSockets({
      env: { COLIMA_HOME: colimaHome },
      home: temp.home,
      systemSocketPath: temp.systemSocketPath,
    });
    expect(sockets).toEqual([
      { name: 'colima', provider: 'colima', path: path.join(colimaHome, 'default', 'docker.sock') },
    ]);
  });

  it('lists the system socket only when it exists', async () => {
    await fs.writeFile(temp.systemSocketPath, '');
    const sockets = await listKnownSockets({
      env: {},
      home: temp.home,
      systemSocketPath: temp.systemSocketPath,
    });
    expect(sockets).toEqual([{ name: 'system', provider: 'docker-engine', path: temp.systemSocketPath }]);
  });
});

describe('colimaHome, as colima resolves it', () => {
  it('takes $COLIMA_HOME only when it exists (relative to the working folder), then ~/.colima, then $XDG_CONFIG_HOME', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mb-colima-home-'));
    try {
      expect(colimaHome({ COLIMA_HOME: path.join(home, 'nope') }, home, 'darwin')).toBe(
        path.join(home, '.colima'),
      );
      expect(colimaHome({}, home, 'linux')).toBe(path.join(home, '.config', 'colima'));
      expect(colimaHome({ XDG_CONFIG_HOME: path.join(home, 'x') }, home, 'darwin')).toBe(
        path.join(home, 'x', 'colima'),
      );
      // An existing ~/.config/colima wins only on colima's main branch, in no release (0.10.3).
      await fs.mkdir(path.join(home, '.config', 'colima'), { recursive: true });
      expect(colimaHome({}, home, 'darwin')).toBe(path.join(home, '.colima'));
      // $COLIMA_HOME as given: relative to the working folder, not to HOME.
      await fs.mkdir(path.join(home, 'work', 'rel'), { recursive: true });
      expect(colimaHome({ COLIMA_HOME: 'rel' }, home, 'darwin', path.join(home, 'work'))).toBe(
        path.join(home, 'work', 'rel'),
      );
      expect(colimaHome({ COLIMA_HOME: 'work/rel' }, home, 'darwin', path.join(home, 'elsewhere'))).toBe(
        path.join(home, '.colima'),
      );
      await fs.mkdir(path.join(home, '.colima'));
      expect(colimaHome({ XDG_CONFIG_HOME: path.join(home, 'x') }, home, 'linux')).toBe(
        path.join(home, '.colima'),
      );
      await fs.mkdir(path.join(home, 'mine'));
      expect(colimaHome({ COLIMA_HOME: path.join(home, 'mine') }, home, 'darwin')).toBe(
        path.join(home, 'mine'),
      );
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});
