// The rancher-desktop provider on the Rancher Desktop stand-in (rdctl + app), for each settings
// version's real-format file: the provider contract, then every bad input a user's machine may hold
// (each a clear error, the file byte-identical, the app's running state untouched).
import { chmodSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../src/shared/errors';
import { Journal } from '../../src/core/journal';
import { runProviderContract, type ProviderSandbox } from '../../src/core/providers/test-support/contract';
import type { ProviderContext } from '../../src/core/providers/provider';
import { providerContext } from '../../src/core/providers/provider-context';
import { rancherDesktopProvider as rd } from '../../src/core/providers/rancher-desktop';
import {
  createStandinSandbox,
  RD_SETTINGS,
  type RancherDesktopFixture,
  type StandinSandbox,
} from '../stand-ins/sandbox';

/** Rancher Desktop's folder under Application Support, under the sandbox's HOME. */
const RD_APP_HOME = ['Library', 'Application Support', 'rancher-desktop'] as const;

async function startRd(sb: StandinSandbox, ctx: ProviderContext): Promise<void> {
  const started = await sb.run('rdctl', ['start']);
  if (started.code !== 0) throw new Error(`stand-in did not start: ${started.stderr}`);
  await rd.waitReady(ctx, { timeoutMs: 30_000 });
}

function rdSandbox(version: RancherDesktopFixture, target: string, runningAtStart: boolean) {
  return async (): Promise<ProviderSandbox> => {
    const sb = createStandinSandbox({ rancherDesktop: version });
    const ctx = await providerContext({ env: sb.env });
    if (runningAtStart) await startRd(sb, ctx);
    return {
      provider: rd,
      ctx,
      watchedFiles: [sb.file(...RD_SETTINGS)],
      targetVariant: target,
      // The stand-in writes what the real product's bind mounts would show next to its socket.
      observedFsType: async () => (await readFile(sb.file('.rd', 'docker.sock.fstype'), 'utf8')).trim(),
      wrongFsType: 'ext4',
      cleanup: () => sb.remove(),
    };
  };
}

runProviderContract(
  'rancher-desktop (stand-in) 1.18, settings version 14, running',
  rdSandbox(14, 'qemu-9p-512k', true),
);
runProviderContract(
  'rancher-desktop (stand-in) 1.19, settings version 15, quit',
  rdSandbox(15, 'qemu-reverse-sshfs', false),
);
runProviderContract(
  'rancher-desktop (stand-in) 1.21, settings version 16, running',
  rdSandbox(16, 'vz-virtiofs', true),
);
runProviderContract(
  'rancher-desktop (stand-in) 1.24, settings version 19, running',
  rdSandbox(19, 'qemu-9p-128k', true),
);

describe('rancher-desktop (stand-in): versions, variants and what the product reports', () => {
  let sb: StandinSandbox;
  afterEach(async () => {
    await sb?.remove();
  });

  it('detects the release and settings version, and reads the VM settings at that version’s paths', async () => {
    sb = createStandinSandbox({ rancherDesktop: 15 });
    const ctx = await providerContext({ env: sb.env });
    const found = await rd.detect(ctx);
    expect(found).toMatchObject({
      installed: true,
      version: '1.19.3',
      running: false,
      currentVariant: 'qemu-9p-128k',
      currentSetting: 'QEMU + 9p, msize 128 KiB',
      engineName: 'rancher-desktop',
      problems: [],
    });
    const settings = await rd.readSettings(ctx);
    expect(settings.formatVersion).toBe(15);
    expect(settings.values).toEqual({
      'virtualMachine.type': 'qemu',
      'experimental.virtualMachine.mount.type': '9p',
      'experimental.virtualMachine.mount.9p.msizeInKib': 128,
      'experimental.virtualMachine.mount.9p.securityModel': 'none',
      'experimental.virtualMachine.mount.9p.protocolVersion': '9p2000.L',
      'experimental.virtualMachine.mount.9p.cacheMode': 'mmap',
    });
  });

  it('reports a tuned 9p as what it is, and a 9p variant writes all four 9p options', async () => {
    sb = createStandinSandbox({ rancherDesktop: 15 });
    const file = sb.file(...RD_SETTINGS);
    const tuned = readFileSync(file, 'utf8').replace(
      '"9p":{"securityModel":"none","protocolVersion":"9p2000.L","msizeInKib":128,"cacheMode":"mmap"}',
      '"9p":{"securityModel":"mapped-xattr","protocolVersion":"9p2000.u","msizeInKib":128,"cacheMode":"none"}',
    );
    expect(tuned).toContain('"cacheMode":"none"');
    writeFileSync(file, tuned);
    const ctx = await providerContext({ env: sb.env });
    expect(await rd.detect(ctx)).toMatchObject({
      currentVariant: null,
      currentSetting: 'QEMU + 9p, msize 128 KiB, cache none, security mapped-xattr, 9p2000.u',
    });
    // Measuring "128 KiB" here is a write: the tuned options do not ride along under its label.
    const plan = await rd.planApply(ctx, 'qemu-9p-512k');
    expect(plan.writes.map((w) => [w.key.replace(/ \(settings version \d+\)$/, ''), w.from, w.to])).toEqual([
      ['experimental.virtualMachine.mount.9p.securityModel', 'mapped-xattr', 'none'],
      ['experimental.virtualMachine.mount.9p.protocolVersion', '9p2000.u', '9p2000.L'],
      ['experimental.virtualMachine.mount.9p.msizeInKib', 128, 512],
      ['experimental.virtualMachine.mount.9p.cacheMode', 'none', 'mmap'],
    ]);
    expect((await rd.planApply(ctx, 'qemu-9p-128k')).changes).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(tuned);
  });

  it('switches the 9p cache mode through the real API rules (stand-in), and puts it back', async () => {
    sb = createStandinSandbox({ rancherDesktop: 19 });
    const ctx = await providerContext({ env: sb.env });
    const file = sb.file(...RD_SETTINGS);
    const before = readFileSync(file);
    await startRd(sb, ctx);
    const journal = await Journal.create(ctx.dataDir, 'rancher-desktop');
    try {
      await rd.captureOriginals(ctx, journal);
      await rd.apply(ctx, 'qemu-9p-128k-fscache', journal);
      await rd.waitReady(ctx, { timeoutMs: 60_000 });
      expect((await rd.readSettings(ctx)).values).toMatchObject({
        'virtualMachine.mount.type': '9p',
        'experimental.virtualMachine.mount.9p.cacheMode': 'fscache',
        'experimental.virtualMachine.mount.9p.msizeInKib': 128,
      });
      expect((await rd.detect(ctx)).currentVariant).toBe('qemu-9p-128k-fscache');
      // What a sample's host cost is read from: the VM's Lima host agent (the stand-in app), named
      // by the pid file Lima keeps in Rancher Desktop's instance folder.
      const app = JSON.parse(readFileSync(sb.file(...RD_APP_HOME, 'standin', 'state.json'), 'utf8')) as {
        pid: number;
      };
      expect(readFileSync(sb.file(...RD_APP_HOME, 'lima', '0', 'ha.pid'), 'utf8').trim()).toBe(
        String(app.pid),
      );
      expect(await rd.servingProcesses!(ctx)).toContainEqual({
        label: "Rancher Desktop's Lima host agent",
        pid: app.pid,
      });
      await rd.restore(ctx, journal.originals('rancher-desktop'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('shows a setting a deployment profile locks as locked, and offers no variant that would change it', async () => {
    // The v19 file runs VZ + virtiofs; the administrator locked the mount type (to what it is).
    const locked = { version: 19, virtualMachine: { mount: { type: 'virtiofs' } } };
    sb = createStandinSandbox({ rancherDesktop: 19, rancherDesktopLocked: locked });
    const ctx = await providerContext({ env: sb.env });
    const profile = readFileSync(sb.file('Library', 'Preferences', 'io.rancherdesktop.profile.locked.plist'));
    const check = async (source: RegExp) => {
      const found = await rd.detect(ctx);
      expect(found.currentVariant).toBe('vz-virtiofs');
      expect(found.currentSetting).toBe(
        'VZ + virtiofs (locked by a deployment profile: virtualMachine.mount.type)',
      );
      const variants = await rd.listVariants(ctx);
      expect(variants.filter((v) => v.available).map((v) => v.id)).toEqual(['vz-virtiofs']);
      const sshfs = variants.find((v) => v.id === 'vz-reverse-sshfs');
      expect(sshfs?.reason).toMatch(/^a deployment profile locks virtualMachine\.mount\.type \(/);
      expect(sshfs?.reason).toMatch(source);
      await expect(rd.planApply(ctx, 'vz-reverse-sshfs')).rejects.toThrow(
        /locks virtualMachine\.mount\.type/,
      );
    };
    // Quit: read from the user's profile file.
    await check(/io\.rancherdesktop\.profile\.locked\.plist/);
    // Running: the app's own answer, which the stand-in gives as Rancher Desktop does.
    await startRd(sb, ctx);
    await check(/rdctl api \/v1\/settings\/locked/);
    // And the app itself refuses the change, as Rancher Desktop's validator does.
    const put = await sb.run('rdctl', [
      'api',
      '-X',
      'PUT',
      '/v1/settings',
      '-b',
      JSON.stringify({ version: 19, virtualMachine: { mount: { type: 'reverse-sshfs' } } }),
    ]);
    expect(put.code).not.toBe(0);
    expect(put.stderr).toMatch(/field "virtualMachine\.mount\.type" is locked/);
    expect(
      readFileSync(sb.file('Library', 'Preferences', 'io.rancherdesktop.profile.locked.plist')).equals(
        profile,
      ),
    ).toBe(true);
  });

  it('offers VZ only where macOS allows it, and says why not', async () => {
    sb = createStandinSandbox({ rancherDesktop: 19, env: { MOUNTBENCH_HOST: 'darwin arm64 13.2' } });
    const variants = await rd.listVariants(await providerContext({ env: sb.env }));
    const vz = variants.filter((v) => v.id.startsWith('vz-'));
    expect(vz.map((v) => v.available)).toEqual([false, false]);
    expect(vz[0].reason).toMatch(/VZ needs macOS 13\.3 or later on Apple silicon \(this Mac runs 13\.2\)/);
    expect(variants.filter((v) => v.id.startsWith('qemu-')).every((v) => v.available)).toBe(true);
  });

  it('drives a newer release that still writes settings version 19: the file decides, not the number', async () => {
    sb = createStandinSandbox({ rancherDesktop: 19, env: { STANDIN_RANCHER_DESKTOP_VERSION: '1.27.0' } });
    const ctx = await providerContext({ env: sb.env });
    const variants = await rd.listVariants(ctx);
    expect(variants.filter((v) => v.id.startsWith('qemu-')).every((v) => v.available)).toBe(true);
    const detected = await rd.detect(ctx);
    expect(detected).toMatchObject({ version: '1.27.0', problems: [] });
  });

  it('marks every variant unavailable when the settings are of a version it does not know', async () => {
    sb = createStandinSandbox({ rancherDesktop: 19, env: { STANDIN_RANCHER_DESKTOP_VERSION: '1.27.0' } });
    const file = sb.file(...RD_SETTINGS);
    const before = readFileSync(file, 'utf8').replace(/"version":\s*19/, '"version":20');
    writeFileSync(file, before);
    const ctx = await providerContext({ env: sb.env });
    const variants = await rd.listVariants(ctx);
    expect(
      variants.every(
        (v) =>
          !v.available &&
          /^Rancher Desktop 1\.27\.0: .*settings version 20, newer than the newest Mountbench knows \(19\)/.test(
            v.reason ?? '',
          ),
      ),
    ).toBe(true);
    const detected = await rd.detect(ctx);
    expect(detected.problems).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('verify refuses a setting the product did not take, naming what it runs instead', async () => {
    sb = createStandinSandbox({ rancherDesktop: 19 });
    const ctx = await providerContext({ env: sb.env });
    await startRd(sb, ctx);
    const verdict = await rd.verify(ctx, 'qemu-9p-512k', '9p');
    expect(verdict.ok).toBe(false);
    expect(verdict.reported).toBe('VZ + virtiofs (settings version 19)');
    expect(verdict.message).toMatch(/reports VZ \+ virtiofs, not QEMU \+ 9p, msize 512 KiB/);
  });

  it('surfaces Rancher Desktop’s own refusal (e.g. its validator) as a clear error', async () => {
    // VZ is refused by the app itself on this macOS, although the variant list (with another host) offered it.
    sb = createStandinSandbox({ rancherDesktop: 15, env: { STANDIN_HOST: 'darwin arm64 13.1' } });
    const ctx = await providerContext({ env: sb.env });
    await startRd(sb, ctx);
    const before = readFileSync(sb.file(...RD_SETTINGS));
    const journal = await Journal.create(ctx.dataDir, 'refused');
    try {
      await rd.captureOriginals(ctx, journal);
      const err = await rd.apply(ctx, 'vz-reverse-sshfs', journal).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MountbenchError);
      expect((err as Error).message).toMatch(
        /Rancher Desktop refused the settings \(\{"message":"400 Bad Request"\}\): Setting virtualMachine.type to "vz" on ARM requires macOS 13\.3/,
      );
      await rd.restore(ctx, journal.originals('rancher-desktop'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(sb.file(...RD_SETTINGS)).equals(before)).toBe(true);
  });
});

describe('rancher-desktop (stand-in) bad inputs', () => {
  let sb: StandinSandbox;
  afterEach(async () => {
    await sb?.remove();
  });

  async function setUp(mutate: (file: string) => void, env: NodeJS.ProcessEnv = {}, running = false) {
    sb = createStandinSandbox({ rancherDesktop: 16, env });
    const file = sb.file(...RD_SETTINGS);
    const ctx = await providerContext({ env: sb.env });
    if (running) await startRd(sb, ctx);
    mutate(file);
    let bytes = Buffer.alloc(0);
    try {
      bytes = readFileSync(file);
    } catch {
      // removed on purpose
    }
    return { file, ctx, bytes };
  }

  /** Every door a sweep goes through refuses with `pattern`; nothing changed, nothing started. */
  async function expectRefused(ctx: ProviderContext, file: string, bytes: Buffer, pattern: RegExp) {
    await expect(rd.readSettings(ctx)).rejects.toThrow(pattern);
    await expect(rd.planApply(ctx, 'qemu-9p-512k')).rejects.toThrow(pattern);
    const journal = await Journal.create(ctx.dataDir, 'bad input');
    try {
      await expect(rd.captureOriginals(ctx, journal)).rejects.toThrow(pattern);
      await expect(rd.apply(ctx, 'qemu-9p-512k', journal)).rejects.toBeInstanceOf(MountbenchError);
      expect(journal.stepCount()).toBe(0);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const found = await rd.detect(ctx);
    // Never started: a Rancher Desktop started on a file it cannot read replaces it with defaults.
    expect(found.running).toBe(false);
    expect(found.problems.join(' ')).toMatch(pattern);
  }

  it('refuses truncated JSON', async () => {
    const { file, ctx, bytes } = await setUp((f) => writeFileSync(f, readFileSync(f, 'utf8').slice(0, 300)));
    await expectRefused(ctx, file, bytes, /is not valid JSON.*left untouched/s);
  });

  it('refuses a newer settings version', async () => {
    const { file, ctx, bytes } = await setUp((f) =>
      writeFileSync(f, readFileSync(f, 'utf8').replace('"version":16', '"version":20')),
    );
    await expectRefused(
      ctx,
      file,
      bytes,
      /settings version 20, newer than the newest Mountbench knows \(19\)/,
    );
  });

  it('refuses a symlinked settings file and leaves the link and its target alone', async () => {
    const { file, ctx, bytes } = await setUp((f) => {
      const real = join(sb.root, 'elsewhere.json');
      renameSync(f, real);
      symlinkSync(real, f);
    });
    await expectRefused(ctx, file, bytes, /symbolic link/);
  });

  it('reports a missing settings file clearly', async () => {
    const { ctx, file } = await setUp((f) => rmSync(f));
    await expect(rd.readSettings(ctx)).rejects.toThrow(/settings.json does not exist.*start it once/);
    await expect(rd.planApply(ctx, 'qemu-9p-512k')).rejects.toThrow(/does not exist/);
    expect((await rd.detect(ctx)).problems.join(' ')).toMatch(/does not exist/);
    expect(() => readFileSync(file)).toThrow();
  });

  it('refuses a read-only settings file before restarting a running Rancher Desktop', async () => {
    const { file, ctx, bytes } = await setUp((f) => chmodSync(f, 0o444), {}, true);
    await expect(rd.planApply(ctx, 'qemu-9p-512k')).rejects.toThrow(/read-only/);
    const journal = await Journal.create(ctx.dataDir, 'read-only');
    try {
      await rd.captureOriginals(ctx, journal);
      await expect(rd.apply(ctx, 'qemu-9p-512k', journal)).rejects.toThrow(/read-only/);
      expect(journal.stepCount()).toBe(0);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect((await rd.readSettings(ctx)).variant).toBe('vz-reverse-sshfs');
  });

  it('gives up on a Rancher Desktop that never becomes ready, with its last status, and restores', async () => {
    const { file, ctx, bytes } = await setUp(
      () => undefined,
      { STANDIN_HANG: 'rancher-desktop:restart' },
      true,
    );
    const journal = await Journal.create(ctx.dataDir, 'never ready');
    try {
      await rd.captureOriginals(ctx, journal);
      await rd.apply(ctx, 'qemu-9p-512k', journal);
      const progress: string[] = [];
      const err = await rd
        .waitReady(ctx, { timeoutMs: 3_000, onProgress: (m) => progress.push(m) })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MountbenchError);
      expect((err as MountbenchError).code).toBe('ENGINE_UNREACHABLE');
      expect((err as Error).message).toMatch(
        /gave up waiting for Rancher Desktop to be ready after 3 s; last status: STARTING/,
      );
      expect(progress.length).toBeGreaterThan(0);
      await rd.restore(ctx, journal.originals('rancher-desktop'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect((await rd.detect(ctx)).running).toBe(true);
  });

  it('stops waiting at once when the product reports ERROR, and restores', async () => {
    const { file, ctx, bytes } = await setUp(
      () => undefined,
      { STANDIN_FAIL: 'rancher-desktop:restart' },
      true,
    );
    const journal = await Journal.create(ctx.dataDir, 'error');
    try {
      await rd.captureOriginals(ctx, journal);
      await rd.apply(ctx, 'qemu-reverse-sshfs', journal);
      await expect(rd.waitReady(ctx, { timeoutMs: 60_000 })).rejects.toThrow(/Rancher Desktop reports ERROR/);
      // A VM that failed to start has no host agent, so nothing serves a share.
      expect(await rd.servingProcesses!(ctx)).toEqual([]);
      await rd.restore(ctx, journal.originals('rancher-desktop'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    await rd.waitReady(ctx, { timeoutMs: 30_000 });
  });
});
