// The Docker Desktop stand-in (`docker desktop …`, `open -a Docker`, `osascript`) enforces the rules
// the docker-desktop provider must live with: it overwrites its settings file while running, refuses
// invalid combinations at start, takes time to start and stop, and can fail or hang on demand.
import { readFileSync, writeFileSync } from 'node:fs';
import Docker from 'dockerode';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStandinSandbox,
  DD_SETTINGS_DIR,
  type SandboxOptions,
  type StandinSandbox,
} from '../../stand-ins/sandbox';
import { waitForValue } from './wait';

const sandboxes: StandinSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.remove()));
});

function sandbox(options: SandboxOptions): StandinSandbox {
  const s = createStandinSandbox(options);
  sandboxes.push(s);
  return s;
}

const storeFile = (s: StandinSandbox) => s.file(...DD_SETTINGS_DIR, 'settings-store.json');
const legacyFile = (s: StandinSandbox) => s.file(...DD_SETTINGS_DIR, 'settings.json');
const socket = (s: StandinSandbox) => s.file('.docker', 'run', 'docker.sock');

async function status(s: StandinSandbox): Promise<string> {
  const out = await s.run('docker', ['desktop', 'status', '--format', 'json']);
  expect(out.code, out.stderr).toBe(0);
  return (JSON.parse(out.stdout) as { Status: string }).Status;
}

function setKey(file: string, key: string, value: boolean): void {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(new RegExp(`("${key}": )(true|false)`), `$1${value}`);
  expect(next).not.toBe(text);
  writeFileSync(file, next);
}

describe('Docker Desktop stand-in', () => {
  it('says it is a stand-in in its help and version output', async () => {
    const s = sandbox({ dockerDesktop: 'settings-store-json-4.35' });
    expect((await s.run('docker', ['desktop', '--help'])).stdout).toMatch(/STAND-IN/);
    expect((await s.run('docker', ['desktop', 'version'])).stdout).toMatch(
      /stand-in emulating Docker Desktop 4\.43\.0/,
    );
    const json = JSON.parse(
      (await s.run('docker', ['desktop', 'version', '--format', 'json'])).stdout,
    ) as Record<string, unknown>;
    expect(json).toMatchObject({ DesktopVersion: '4.43.0', StandIn: true });
  });

  it('starts, serves the real engine on ~/.docker/run/docker.sock as desktop-linux, and stops', async () => {
    const s = sandbox({ dockerDesktop: 'settings-store-json-4.35' });
    expect(await status(s)).toBe('stopped');
    const started = await s.run('docker', ['desktop', 'start']);
    expect(started.code, started.stderr).toBe(0);
    expect(await status(s)).toBe('running');
    expect(String(await new Docker({ socketPath: socket(s) }).ping())).toBe('OK');
    expect(readFileSync(`${socket(s)}.fstype`, 'utf8').trim()).toBe('fakeowner');
    const config = JSON.parse(readFileSync(s.file('.docker', 'config.json'), 'utf8')) as {
      currentContext: string;
    };
    expect(config.currentContext).toBe('desktop-linux');
    // Other docker commands reach the real CLI, through the product's context.
    const ps = await s.run('docker', ['ps', '--format', '{{.ID}}']);
    expect(ps.code, ps.stderr).toBe(0);
    expect((await s.run('docker', ['desktop', 'stop'])).code).toBe(0);
    expect(await status(s)).toBe('stopped');
    await expect(new Docker({ socketPath: socket(s) }).ping()).rejects.toThrow();
  });

  it('overwrites a settings change made while it runs, and keeps one made while it is quit', async () => {
    const s = sandbox({ dockerDesktop: 'settings-store-json-4.35' });
    const original = readFileSync(storeFile(s), 'utf8');
    expect((await s.run('docker', ['desktop', 'start'])).code).toBe(0);
    setKey(storeFile(s), 'UseVirtualizationFrameworkVirtioFS', false);
    const reverted = await waitForValue(() => readFileSync(storeFile(s), 'utf8') === original);
    expect(reverted).toBe(true);
    expect((await s.run('docker', ['desktop', 'stop'])).code).toBe(0);
    expect(readFileSync(storeFile(s), 'utf8')).toBe(original);

    setKey(storeFile(s), 'UseVirtualizationFrameworkVirtioFS', false);
    const changed = readFileSync(storeFile(s), 'utf8');
    expect((await s.run('docker', ['desktop', 'start'])).code).toBe(0);
    expect(readFileSync(`${socket(s)}.fstype`, 'utf8').trim()).toBe('fuse.grpcfuse');
    expect((await s.run('docker', ['desktop', 'stop'])).code).toBe(0);
    expect(readFileSync(storeFile(s), 'utf8')).toBe(changed);
  });

  it('refuses to start VirtioFS without the Virtualization framework', async () => {
    const s = sandbox({ dockerDesktop: 'settings-store-json-4.35' });
    setKey(storeFile(s), 'UseVirtualizationFramework', false);
    const out = await s.run('docker', ['desktop', 'start']);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/VirtioFS file sharing requires the Virtualization framework/);
    expect(await status(s)).toBe('stopped');
  });

  it('fails to start when told to, and never becomes ready when told to hang', async () => {
    const s = sandbox({ dockerDesktop: 'settings-store-json-4.35' });
    const failed = await s.run('docker', ['desktop', 'start'], { STANDIN_FAIL: 'start' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/failed to start/);
    expect(await status(s)).toBe('stopped');

    const hung = await s.run('docker', ['desktop', 'start', '--timeout', '1'], { STANDIN_HANG: 'start' });
    expect(hung.code).toBe(1);
    expect(hung.stderr).toMatch(/timed out/);
    expect(await status(s)).toBe('starting');
    await expect(new Docker({ socketPath: socket(s) }).ping()).rejects.toThrow();
  });

  it('has no `docker desktop` before 4.37: the app is quit and opened instead', async () => {
    const s = sandbox({ dockerDesktop: 'settings-json-4.34' });
    const cli = await s.run('docker', ['desktop', 'status']);
    expect(cli.code).not.toBe(0);
    expect(`${cli.stdout}${cli.stderr}`).toMatch(/unknown command|not a docker command/);
    expect((await s.run('open', ['-a', 'Docker'])).code).toBe(0);
    const docker = new Docker({ socketPath: socket(s) });
    expect(
      await waitForValue(() =>
        docker.ping().then(
          () => true,
          () => false,
        ),
      ),
    ).toBe(true);
    const state = JSON.parse(
      readFileSync(
        s.file('Library', 'Containers', 'com.docker.docker', 'Data', 'standin', 'state.json'),
        'utf8',
      ),
    ) as { settingsFile: string; fileSharing: string };
    expect(state).toMatchObject({ settingsFile: legacyFile(s), fileSharing: 'grpcfuse' });
    expect((await s.run('osascript', ['-e', 'quit app "Docker"'])).code).toBe(0);
    expect(
      await waitForValue(() =>
        docker.ping().then(
          () => false,
          () => true,
        ),
      ),
    ).toBe(true);
  });

  it('moves settings.json to settings-store.json when a 4.35+ version finds only the old file', async () => {
    const s = sandbox({ dockerDesktop: 'settings-json-4.34', dockerDesktopVersion: '4.38.0' });
    const legacy = readFileSync(legacyFile(s), 'utf8');
    expect((await s.run('docker', ['desktop', 'start'])).code).toBe(0);
    const store = JSON.parse(readFileSync(storeFile(s), 'utf8')) as Record<string, unknown>;
    expect(store).toMatchObject({
      SettingsVersion: 40,
      UseGrpcfuse: true,
      UseVirtualizationFrameworkVirtioFS: false,
    });
    expect(readFileSync(legacyFile(s), 'utf8')).toBe(legacy);
  });
});
