// The colima and orbstack providers on their stand-ins: the provider contract, then what colima
// makes hard — profiles per variant, silent mount-type coercion, fixed types of an existing VM —
// and the user's own profile, which must come out byte-identical and never started.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../src/shared/errors';
import { Journal } from '../../src/core/journal';
import { colimaProvider as colima } from '../../src/core/providers/colima';
import { runProviderContract, type ProviderSandbox } from '../../src/core/providers/test-support/contract';
import { orbstackProvider as orb } from '../../src/core/providers/orbstack';
import { providerContext } from '../../src/core/providers/provider-context';
import { createStandinSandbox, type SandboxOptions, type StandinSandbox } from '../stand-ins/sandbox';
import { pathWithoutProducts } from '../stand-ins/host-path';

function colimaSandbox(target: string, options: SandboxOptions = {}) {
  return async (): Promise<ProviderSandbox> => {
    const sb = createStandinSandbox({ colimaDefault: true, ...options });
    const ctx = await providerContext({ env: sb.env });
    return {
      provider: colima,
      ctx,
      // The user's profile and Docker config: Mountbench must leave both exactly as they were.
      watchedFiles: [sb.file('.colima', 'default', 'colima.yaml'), sb.file('.docker', 'config.json')],
      targetVariant: target,
      observedFsType: async (variant) =>
        (await readFile(sb.file('.colima', `mountbench-${variant}`, 'docker.sock.fstype'), 'utf8')).trim(),
      wrongFsType: 'ext4',
      cleanup: () => sb.remove(),
    };
  };
}

runProviderContract('colima (stand-in), VZ + virtiofs in its own profile', colimaSandbox('vz-virtiofs'));
runProviderContract('colima (stand-in), QEMU + 9p in its own profile', colimaSandbox('qemu-9p'));

runProviderContract('orbstack (stand-in), stopped at start', async () => {
  const sb = createStandinSandbox({ orbstack: true });
  return {
    provider: orb,
    ctx: await providerContext({ env: sb.env }),
    watchedFiles: [],
    targetVariant: null,
    observedFsType: async () => null,
    wrongFsType: 'ext4',
    cleanup: () => sb.remove(),
  };
});

describe('colima (stand-in) provider', () => {
  let sb: StandinSandbox;
  afterEach(async () => {
    await sb?.remove();
  });

  async function setUp(options: SandboxOptions = {}) {
    sb = createStandinSandbox({ colimaDefault: true, ...options });
    return providerContext({ env: sb.env });
  }

  it('detects colima and the user’s default profile without touching it, and offers VZ only from macOS 13', async () => {
    const ctx = await setUp({ env: { MOUNTBENCH_HOST: 'darwin x64 12.7' } });
    const found = await colima.detect(ctx);
    expect(found).toMatchObject({
      installed: true,
      version: '0.8.1',
      running: false,
      currentVariant: 'vz-virtiofs',
      currentSetting: 'default profile: VZ + virtiofs',
      settingsFile: null,
    });
    const variants = await colima.listVariants(ctx);
    expect(variants.filter((v) => v.available).map((v) => v.id)).toEqual(['qemu-sshfs', 'qemu-9p']);
    expect(variants.find((v) => v.id === 'vz-sshfs')?.reason).toMatch(
      /needs macOS 13 or later \(this Mac runs 12\.7\)/,
    );
  });

  it('reads a default profile that names no VM type as colima would start it: vz on macOS 13+', async () => {
    const ctx = await setUp({ env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    const file = sb.file('.colima', 'default', 'colima.yaml');
    const without = readFileSync(file, 'utf8')
      .replace(/^vmType: .*\n/m, '')
      .replace(/^mountType: .*\n/m, '');
    writeFileSync(file, without);
    expect(await colima.detect(ctx)).toMatchObject({
      currentVariant: 'vz-virtiofs',
      currentSetting: 'default profile: VZ + virtiofs',
    });
    expect(readFileSync(file, 'utf8')).toBe(without);
  });

  it('shows what the default VM runs (its state file), and says when the profile’s file asks for something else', async () => {
    const ctx = await setUp({ env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    // The user's VM, created as QEMU + sshfs, then the published tip applied to its profile file.
    expect((await sb.run('colima', ['start', '--vm-type', 'qemu', '--mount-type', 'sshfs'])).code).toBe(0);
    expect((await sb.run('colima', ['stop'])).code).toBe(0);
    const file = sb.file('.colima', 'default', 'colima.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^mountType: .*$/m, 'mountType: virtiofs'));
    const profile = readFileSync(file);
    const state = readFileSync(sb.file('.colima', '_lima', 'colima', 'colima.yaml'));
    const found = await colima.detect(ctx);
    expect(found.currentVariant).toBe('qemu-sshfs');
    expect(found.currentSetting).toMatch(
      /^default profile: QEMU \+ sshfs \(its colima\.yaml asks for qemu \+ virtiofs, which colima discards/,
    );
    expect(await colima.readSettings(ctx)).toMatchObject({
      values: { vmType: 'qemu', mountType: 'sshfs' },
      variant: 'qemu-sshfs',
    });
    expect(readFileSync(file).equals(profile)).toBe(true);
    expect(readFileSync(sb.file('.colima', '_lima', 'colima', 'colima.yaml')).equals(state)).toBe(true);
  });

  it('a hostile template (runtime containerd, restricted mounts, 9p) changes nothing a bench profile measures', async () => {
    const ctx = await setUp({ env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    const template = sb.file('.colima', '_templates', 'default.yaml');
    mkdirSync(sb.file('.colima', '_templates'), { recursive: true });
    const hostile = [
      'runtime: containerd',
      'vmType: qemu',
      'mountType: 9p',
      'cpu: 1',
      'mounts:',
      '  - location: /nowhere/else',
      '    writable: false',
      'provision:',
      '  - mode: system',
      '    script: exit 1',
      '',
    ].join('\n');
    writeFileSync(template, hostile);
    expect((await colima.listVariants(ctx)).find((v) => v.id === 'vz-virtiofs')?.available).toBe(true);
    expect((await colima.planApply(ctx, 'vz-virtiofs')).notes.join(' ')).toMatch(
      /starts without your template .*_templates\/default\.yaml \(--template=false, runtime docker\)/,
    );
    const journal = await Journal.create(ctx.dataDir, 'hostile template');
    try {
      await colima.captureOriginals(ctx, journal);
      await colima.apply(ctx, 'vz-virtiofs', journal);
      await colima.waitReady(ctx, { timeoutMs: 30_000 });
      const fsType = (
        await readFile(sb.file('.colima', 'mountbench-vz-virtiofs', 'docker.sock.fstype'), 'utf8')
      ).trim();
      expect(await colima.verify(ctx, 'vz-virtiofs', fsType)).toMatchObject({ ok: true });
      const state = readFileSync(
        sb.file('.colima', '_lima', 'colima-mountbench-vz-virtiofs', 'colima.yaml'),
        'utf8',
      );
      expect(state).toMatch(/^runtime: docker$/m);
      expect(state).toMatch(/^vmType: vz$/m);
      expect(state).toMatch(/^mountType: virtiofs$/m);
      expect(state).toMatch(/^mounts: null$/m);
      expect(state).toMatch(/^provision: null$/m);
      await colima.restore(ctx, journal.originals('colima'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(template, 'utf8')).toBe(hostile);
  });

  it('stops waiting at once for a leftover bench profile whose VM was created with runtime containerd', async () => {
    const ctx = await setUp({ env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    const made = await sb.run('colima', [
      'start',
      '-p',
      'mountbench-vz-virtiofs',
      '--vm-type',
      'vz',
      '--runtime',
      'containerd',
      '--activate=false',
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect((await sb.run('colima', ['stop', '-p', 'mountbench-vz-virtiofs'])).code).toBe(0);
    const journal = await Journal.create(ctx.dataDir, 'leftover containerd');
    try {
      await colima.captureOriginals(ctx, journal);
      // --runtime docker is discarded: the state file says containerd.
      await colima.apply(ctx, 'vz-virtiofs', journal);
      const err = await colima.waitReady(ctx, { timeoutMs: 60_000 }).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(
        /colima runs mountbench-vz-virtiofs with runtime containerd, which has no Docker socket .*delete the profile/,
      );
      await colima.restore(ctx, journal.originals('colima'), journal);
    } finally {
      await journal.close();
    }
  });

  it('offers no variant on colima before 0.8.4 while a template exists (no --template=false there)', async () => {
    const ctx = await setUp({ env: { STANDIN_COLIMA_VERSION: '0.8.1' } });
    mkdirSync(sb.file('.colima', '_templates'), { recursive: true });
    writeFileSync(sb.file('.colima', '_templates', 'default.yaml'), 'runtime: containerd\n');
    const variants = await colima.listVariants(ctx);
    expect(variants.filter((v) => v.available)).toEqual([]);
    expect(variants[0].reason).toMatch(
      /colima 0\.8\.1 starts every new profile from .*_templates\/default\.yaml/,
    );
  });

  it('runs one bench profile at a time, and deletes every profile it created at the end', async () => {
    const ctx = await setUp();
    const userProfile = readFileSync(sb.file('.colima', 'default', 'colima.yaml'));
    const journal = await Journal.create(ctx.dataDir, 'two variants');
    try {
      await colima.captureOriginals(ctx, journal);
      await colima.apply(ctx, 'qemu-sshfs', journal);
      await colima.waitReady(ctx, { timeoutMs: 30_000 });
      expect((await colima.detect(ctx)).engineName).toBe('colima-mountbench-qemu-sshfs');
      await colima.apply(ctx, 'vz-virtiofs', journal);
      await colima.waitReady(ctx, { timeoutMs: 30_000 });
      const list = (await sb.run('colima', ['list', '--json'])).stdout.trim().split('\n');
      expect(list.map((l) => JSON.parse(l) as { name: string; status: string })).toEqual([
        expect.objectContaining({ name: 'mountbench-qemu-sshfs', status: 'Stopped' }),
        expect.objectContaining({ name: 'mountbench-vz-virtiofs', status: 'Running' }),
      ]);
      // What a sample's host cost is read from: the running bench profile's Lima host agent (the
      // stand-in's VM process), named by the pid file Lima keeps in the instance's folder.
      const agent = sb.file('.colima', '_lima', 'colima-mountbench-vz-virtiofs');
      const vmPid = (JSON.parse(readFileSync(join(agent, 'standin-state.json'), 'utf8')) as { pid: number })
        .pid;
      expect(readFileSync(join(agent, 'ha.pid'), 'utf8').trim()).toBe(String(vmPid));
      expect(await colima.servingProcesses!(ctx)).toContainEqual({
        label: "colima's VM host agent",
        pid: vmPid,
      });
      await colima.restore(ctx, journal.originals('colima'), journal);
      await colima.restore(ctx, journal.originals('colima'), journal);
      expect(await colima.servingProcesses!(ctx)).toEqual([]);
    } finally {
      await journal.close();
    }
    expect((await sb.run('colima', ['list', '--json'])).stdout.trim()).toBe('');
    expect(readFileSync(sb.file('.colima', 'default', 'colima.yaml')).equals(userProfile)).toBe(true);
  });

  it('colima 0.10 on Linux: starts QEMU profiles without --vm-type and deletes them with their data disk', async () => {
    const ctx = await setUp({ env: { MOUNTBENCH_HOST: 'linux x64', STANDIN_COLIMA_VERSION: '0.10.3' } });
    expect((await colima.listVariants(ctx)).filter((v) => v.available).map((v) => v.id)).toEqual([
      'qemu-sshfs',
      'qemu-9p',
    ]);
    const journal = await Journal.create(ctx.dataDir, 'linux');
    try {
      await colima.captureOriginals(ctx, journal);
      await colima.apply(ctx, 'qemu-9p', journal);
      await colima.waitReady(ctx, { timeoutMs: 30_000 });
      expect(existsSync(sb.file('.colima', '_lima', '_disks', 'colima-mountbench-qemu-9p'))).toBe(true);
      await colima.restore(ctx, journal.originals('colima'), journal);
    } finally {
      await journal.close();
    }
    expect((await sb.run('colima', ['list', '--json'])).stdout.trim()).toBe('');
    expect(existsSync(sb.file('.colima', '_lima', '_disks', 'colima-mountbench-qemu-9p'))).toBe(false);
  });

  it('offers krunkit from colima 0.10 where krunkit is installed, and QEMU only where qemu is', async () => {
    const ctx = await setUp({ qemu: false, krunkit: true, env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    const variants = await colima.listVariants(ctx);
    expect(variants.filter((v) => v.available).map((v) => v.id)).toEqual([
      'vz-sshfs',
      'vz-virtiofs',
      'krunkit-sshfs',
    ]);
    expect(variants.find((v) => v.id === 'qemu-sshfs')?.reason).toMatch(/QEMU is not installed/);
    // What it would meet: colima 0.10.3 hands Lima's krunkit driver 9p, which it refuses.
    expect(variants.find((v) => v.id === 'krunkit-virtiofs')?.reason).toMatch(
      /cannot start on colima 0\.10\.3/,
    );
    const refused = await sb.run('colima', [
      'start',
      '-p',
      'x',
      '--vm-type',
      'krunkit',
      '--mount-type',
      'virtiofs',
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/must be `virtiofs` or `reverse-sshfs` for krunkit driver, got `9p`/);
  });

  it('keeps bench profiles, stopped, when asked to', async () => {
    const ctx = await setUp({ env: { MOUNTBENCH_KEEP_COLIMA_PROFILES: '1' } });
    const journal = await Journal.create(ctx.dataDir, 'keep');
    try {
      await colima.captureOriginals(ctx, journal);
      await colima.apply(ctx, 'qemu-9p', journal);
      await colima.restore(ctx, journal.originals('colima'), journal);
    } finally {
      await journal.close();
    }
    const list = (await sb.run('colima', ['list', '--json'])).stdout.trim();
    expect(JSON.parse(list)).toMatchObject({ name: 'mountbench-qemu-9p', status: 'Stopped' });
  });

  it('refuses a profile colima did not give the asked mount type (an old VM keeps its types)', async () => {
    const ctx = await setUp();
    // A leftover profile of the same name, created as QEMU + sshfs: colima will not change it.
    expect(
      (
        await sb.run('colima', [
          'start',
          '-p',
          'mountbench-vz-virtiofs',
          '--vm-type',
          'qemu',
          '--mount-type',
          'sshfs',
        ])
      ).code,
    ).toBe(0);
    expect((await sb.run('colima', ['stop', '-p', 'mountbench-vz-virtiofs'])).code).toBe(0);
    const journal = await Journal.create(ctx.dataDir, 'old profile');
    try {
      await colima.captureOriginals(ctx, journal);
      await colima.apply(ctx, 'vz-virtiofs', journal);
      await colima.waitReady(ctx, { timeoutMs: 30_000 });
      const verdict = await colima.verify(ctx, 'vz-virtiofs', 'fuse.sshfs');
      expect(verdict.ok).toBe(false);
      expect(verdict.message).toMatch(/runs mountbench-vz-virtiofs as qemu \+ sshfs, not VZ \+ virtiofs/);
      await colima.restore(ctx, journal.originals('colima'), journal);
    } finally {
      await journal.close();
    }
    // It existed (stopped) before the sweep: it stays, stopped.
    expect(JSON.parse((await sb.run('colima', ['list', '--json'])).stdout)).toMatchObject({
      name: 'mountbench-vz-virtiofs',
      status: 'Stopped',
    });
  });

  it('reports a profile that fails to start, and one that never becomes ready, clearly', async () => {
    const ctx = await setUp({ env: { STANDIN_FAIL: 'colima:start' } });
    const journal = await Journal.create(ctx.dataDir, 'fail');
    try {
      await colima.captureOriginals(ctx, journal);
      const err = await colima.apply(ctx, 'qemu-sshfs', journal).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MountbenchError);
      expect((err as Error).message).toMatch(
        /starting colima profile mountbench-qemu-sshfs failed .*error starting vm/,
      );
      const wait = await colima.waitReady(ctx, { timeoutMs: 2_000 }).catch((e: unknown) => e);
      expect((wait as Error).message).toMatch(
        /gave up waiting for the colima bench profile to be ready after 2 s; last status: no Mountbench colima profile is running/,
      );
      await colima.restore(ctx, journal.originals('colima'), journal);
    } finally {
      await journal.close();
    }
    expect((await sb.run('colima', ['list', '--json'])).stdout.trim()).toBe('');
  });
});

describe('orbstack (stand-in) provider', () => {
  let sb: StandinSandbox;
  afterEach(async () => {
    await sb?.remove();
  });

  it('has one variant, measured as it is, and says so', async () => {
    sb = createStandinSandbox({ orbstack: true });
    const ctx = await providerContext({ env: sb.env });
    expect(await orb.detect(ctx)).toMatchObject({
      installed: true,
      version: '1.10.3',
      running: false,
      engineName: 'orbstack',
    });
    const [only, ...rest] = await orb.listVariants(ctx);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ id: 'as-is', available: true });
    expect(only.notes.join(' ')).toMatch(/measured as it is/);
    const journal = await Journal.create(ctx.dataDir, 'orbstack');
    try {
      await orb.captureOriginals(ctx, journal);
      await orb.apply(ctx, 'as-is', journal);
      await orb.waitReady(ctx, { timeoutMs: 30_000 });
      expect(await orb.verify(ctx, 'as-is', 'virtiofs')).toMatchObject({ ok: true });
      await orb.restore(ctx, journal.originals('orbstack'), journal);
    } finally {
      await journal.close();
    }
    expect((await orb.detect(ctx)).running).toBe(false);
  });

  it('is not installed without OrbStack, and says why its variant is unavailable', async () => {
    sb = createStandinSandbox({});
    const ctx = await providerContext({ env: { ...sb.env, PATH: pathWithoutProducts('/usr/bin:/bin') } });
    expect((await orb.detect(ctx)).installed).toBe(false);
    expect((await orb.listVariants(ctx))[0]).toMatchObject({
      available: false,
      reason: 'OrbStack is not installed',
    });
  });
});
