// The Rancher Desktop stand-in (`rdctl` and its app) enforces what the rancher-desktop provider must
// live with: each settings version has its own key paths and flags, the validator refuses virtiofs
// without vz and 9p options without mount type 9p (answering with RD's messages), a change that
// needs it restarts the backend by itself, and it can fail or hang on demand.
import { readFileSync, writeFileSync } from 'node:fs';
import Docker from 'dockerode';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStandinSandbox,
  RD_SETTINGS,
  RD_VERSION_FOR,
  type RancherDesktopFixture,
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

async function backendState(s: StandinSandbox): Promise<string> {
  const out = await s.run('rdctl', ['api', '/v1/backend_state']);
  if (out.code !== 0) return `rdctl failed: ${out.stderr.trim()}`;
  return (JSON.parse(out.stdout) as { vmState: string }).vmState;
}

async function startRd(s: StandinSandbox): Promise<void> {
  expect((await s.run('rdctl', ['start'])).code).toBe(0);
  const state = await waitForValue(async () => {
    const now = await backendState(s);
    return now === 'STARTED' || now === 'DISABLED' || now === 'ERROR' ? now : '';
  });
  expect(['STARTED', 'DISABLED']).toContain(state);
}

async function put(s: StandinSandbox, body: unknown, env: NodeJS.ProcessEnv = {}) {
  return s.run('rdctl', ['api', '-X', 'PUT', '/v1/settings', '-b', JSON.stringify(body)], env);
}

type Json = Record<string, unknown>;
const at = (obj: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), obj);

/** The body that selects QEMU + 9p at 512 KiB, in the key paths of settings version `v`. */
function qemu9p512(v: number): Json {
  const ninep = { msizeInKib: 512 };
  if (v <= 14)
    return {
      version: v,
      experimental: { virtualMachine: { type: 'qemu', mount: { type: '9p', '9p': ninep } } },
    };
  if (v === 15)
    return {
      version: v,
      virtualMachine: { type: 'qemu' },
      experimental: { virtualMachine: { mount: { type: '9p', '9p': ninep } } },
    };
  return {
    version: v,
    virtualMachine: { type: 'qemu', mount: { type: '9p' } },
    experimental: { virtualMachine: { mount: { '9p': ninep } } },
  };
}

const PATHS: Record<RancherDesktopFixture, { vm: string; mount: string }> = {
  14: { vm: 'experimental.virtualMachine.type', mount: 'experimental.virtualMachine.mount.type' },
  15: { vm: 'virtualMachine.type', mount: 'experimental.virtualMachine.mount.type' },
  16: { vm: 'virtualMachine.type', mount: 'virtualMachine.mount.type' },
  19: { vm: 'virtualMachine.type', mount: 'virtualMachine.mount.type' },
};

describe('Rancher Desktop stand-in', () => {
  for (const v of [14, 15, 16, 19] as const) {
    it(`settings version ${v}: keeps the file as it is at start, applies a PUT at that version's paths, restarts by itself`, async () => {
      const s = sandbox({ rancherDesktop: v });
      const file = s.file(...RD_SETTINGS);
      const original = readFileSync(file, 'utf8');
      const version = await s.run('rdctl', ['version']);
      expect(version.stdout).toContain(`rdctl client version: v${RD_VERSION_FOR[v]}`);
      expect(version.stdout).toMatch(/stand-in/);
      await startRd(s);
      expect(readFileSync(file, 'utf8')).toBe(original);
      const settings = JSON.parse((await s.run('rdctl', ['api', '/v1/settings'])).stdout) as Json;
      expect(settings.version).toBe(v);

      const out = await put(s, qemu9p512(v));
      expect(out.stderr).toBe('');
      expect(out.stdout.trim()).toBe(
        'reconfiguring Rancher Desktop to apply changes (this may take a while)',
      );
      const restarted = await waitForValue(async () =>
        ['STARTED', 'DISABLED'].includes(await backendState(s)),
      );
      expect(restarted).toBe(true);
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Json;
      expect(at(saved, PATHS[v].vm)).toBe('qemu');
      expect(at(saved, PATHS[v].mount)).toBe('9p');
      expect(at(saved, 'experimental.virtualMachine.mount.9p.msizeInKib')).toBe(512);
      // Keys Mountbench does not own survive, in the compact form the app writes.
      expect(at(saved, 'application.extensions.installed')).toEqual(
        at(JSON.parse(original), 'application.extensions.installed'),
      );
      expect(readFileSync(file, 'utf8')).not.toMatch(/\n/);
      expect(readFileSync(s.file('.rd', 'docker.sock.fstype'), 'utf8').trim()).toBe('9p');
      expect(String(await new Docker({ socketPath: s.file('.rd', 'docker.sock') }).ping())).toBe('OK');
    });
  }

  it('refuses virtiofs without vz and 9p options without mount type 9p, with the real messages, changing nothing', async () => {
    const s = sandbox({ rancherDesktop: 16 });
    await startRd(s);
    const file = s.file(...RD_SETTINGS);
    const before = readFileSync(file, 'utf8');
    const virtiofs = await put(s, {
      version: 16,
      virtualMachine: { type: 'qemu', mount: { type: 'virtiofs' } },
    });
    expect(virtiofs.code).toBe(1);
    expect(virtiofs.stdout.trim()).toBe('{"message":"400 Bad Request"}');
    expect(virtiofs.stderr).toContain(
      'Setting virtualMachine.mount.type to "virtiofs" requires that virtual-machine.type is "vz".',
    );
    const ninep = await put(s, {
      version: 16,
      experimental: { virtualMachine: { mount: { '9p': { msizeInKib: 512 } } } },
    });
    expect(ninep.code).toBe(1);
    expect(ninep.stderr).toContain(
      'Setting experimental.virtualMachine.mount.9p.msizeInKib can only be changed when virtualMachine.mount.type is "9p".',
    );
    const ninepOnVz = await put(s, { version: 16, virtualMachine: { mount: { type: '9p' } } });
    expect(ninepOnVz.stderr).toContain(
      'Setting virtualMachine.mount.type to "9p" requires that virtual-machine.type is "qemu".',
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('speaks version 14 in version 14 words', async () => {
    const s = sandbox({ rancherDesktop: 14 });
    await startRd(s);
    const out = await put(s, {
      version: 14,
      experimental: { virtualMachine: { mount: { type: 'virtiofs' } } },
    });
    expect(out.stderr).toContain(
      'Setting experimental.virtualMachine.mount.type to "virtiofs" requires that experimental.virtual-machine.type is "vz".',
    );
  });

  it('knows only the flags of its version: old paths have no aliases', async () => {
    const s = sandbox({ rancherDesktop: 16 });
    await startRd(s);
    const old = await s.run('rdctl', ['set', '--experimental.virtual-machine.type', 'qemu']);
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(/unknown flag: --experimental.virtual-machine.type/);
    const ok = await s.run('rdctl', [
      'set',
      '--virtual-machine.type',
      'qemu',
      '--virtual-machine.mount.type',
      'reverse-sshfs',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Status: reconfiguring Rancher Desktop to apply changes/);

    const v14 = sandbox({ rancherDesktop: 14 });
    await startRd(v14);
    const flag14 = await v14.run('rdctl', ['set', '--experimental.virtual-machine.mount.type', '9p']);
    expect(flag14.code, flag14.stderr).toBe(0);
  });

  it('ignores a key at the wrong path for its version ("no changes necessary"), and refuses a newer version', async () => {
    const s = sandbox({ rancherDesktop: 16 });
    await startRd(s);
    const wrongPath = await put(s, { version: 16, experimental: { virtualMachine: { type: 'qemu' } } });
    expect(wrongPath.stdout.trim()).toBe('no changes necessary');
    const newer = await put(s, { version: 19, virtualMachine: { type: 'qemu' } });
    expect(newer.code).toBe(1);
    expect(newer.stderr).toContain('Changing field "version" via the API isn\'t supported.');
    const none = await put(s, { virtualMachine: { type: 'qemu' } });
    expect(none.stderr).toContain(
      'updating settings requires specifying an API version, but no version was specified',
    );
  });

  it('ends in ERROR when the restart fails, and stays STARTING when it hangs', async () => {
    const s = sandbox({ rancherDesktop: 19 });
    await startRd(s);
    const body = { version: 19, virtualMachine: { mount: { type: 'reverse-sshfs' } } };
    expect((await put(s, body, { STANDIN_FAIL: 'restart' })).code).toBe(0);
    expect(await waitForValue(async () => (await backendState(s)) === 'ERROR')).toBe(true);

    const h = sandbox({ rancherDesktop: 19, env: { STANDIN_HANG: 'start' } });
    expect((await h.run('rdctl', ['start'])).code).toBe(0);
    expect(await waitForValue(async () => (await backendState(h)) === 'STARTING')).toBe(true);
    await expect(new Docker({ socketPath: h.file('.rd', 'docker.sock') }).ping()).rejects.toThrow();
  });

  it('replaces an unparsable settings file with its defaults when started: the slip a provider must never trigger', async () => {
    const s = sandbox({ rancherDesktop: 16 });
    const file = s.file(...RD_SETTINGS);
    writeFileSync(file, '{"version":16,"virtualMachine":{"type":"vz"');
    await startRd(s);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Json).version).toBe(16);
  });

  it('shuts down: the API refuses connections afterwards', async () => {
    const s = sandbox({ rancherDesktop: 19 });
    await startRd(s);
    const down = await s.run('rdctl', ['shutdown']);
    expect(down.stdout.trim()).toBe('Shutting down.');
    const after = await s.run('rdctl', ['api', '/v1/backend_state']);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/connect: connection refused/);
  });
});
