import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listKnownSockets } from './known-sockets';
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
