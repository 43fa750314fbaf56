// "Apply this setting" against a sandbox home with Docker Desktop's real-format settings file and
// its stand-in CLIs (test/stand-ins). The stand-in's engine is the local dockerd, so a bind mount
// shows ext4 and no Mac variant can pass verification: that is real behaviour, and what these
// tests hold apply to (refuse, and put the original file back byte for byte).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findUnfinishedJournals, journalDir } from '../../src/core/journal';
import { providerContext } from '../../src/core/providers/provider-context';
import { dockerDesktopProvider } from '../../src/core/providers/docker-desktop';
import { applySetting } from '../../src/core/sweep';
import type { ApplyPhase } from '../../src/shared/sweep';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';
import { builtRendererDir } from './transport-contract-renderer';
import { docker, image, labelledLeftovers } from './support';

let sb: StandinSandbox;
afterEach(async () => {
  await sb?.remove();
});

function setUp(): { settings: string; bytes: Buffer } {
  sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-4.35', env: { MOUNTBENCH_IMAGE: image } });
  const settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
  return { settings, bytes: readFileSync(settings) };
}

describe('apply a setting to Docker Desktop (stand-in sandbox)', () => {
  it('the dry run lists the write, the restart and the running containers, and changes nothing', async () => {
    const { settings, bytes } = setUp();
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    const name = `user-app-${process.pid}`;
    const container = await docker.createContainer({ name, Image: image, Cmd: ['sleep', '300'] });
    await container.start();
    try {
      const out = await mountbenchChild(
        ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse'],
        sb.env,
      );
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(
        /writes settings-store\.json: UseVirtualizationFrameworkVirtioFS: true → false/,
      );
      expect(out.stdout).toMatch(/Docker Desktop restarts/);
      expect(out.stdout).toMatch(new RegExp(`these running containers will stop: .*${name}`));
      expect(out.stdout).toMatch(/Nothing was changed/);
      expect(readFileSync(settings).equals(bytes)).toBe(true);
      expect(existsSync(journalDir(sb.dataDir))).toBe(false);
    } finally {
      await container.remove({ force: true });
    }
  });

  it('writes only the keys it owns, keeps the backup, and puts the original back byte for byte when verification fails', async () => {
    const { settings, bytes } = setUp();
    const original = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    const ctx = await providerContext({ env: sb.env });
    let duringApply: Record<string, unknown> | null = null;
    const phases: ApplyPhase[] = [];
    const result = await applySetting(dockerDesktopProvider, 'vz-grpcfuse', ctx, {
      cacheDir: join(sb.root, 'cache'),
      image,
      signal: new AbortController().signal,
      onEvent(phase) {
        phases.push(phase);
        // Verification is about to run: the product has been switched, nothing restored yet.
        if (phase === 'verify')
          duringApply = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, unknown>;
      },
    });
    if (!duringApply) throw new Error('apply never reached verification');
    const changed = Object.keys({ ...original, ...(duringApply as Record<string, unknown>) }).filter(
      (key) =>
        JSON.stringify(original[key]) !== JSON.stringify((duringApply as Record<string, unknown>)[key]),
    );
    expect(changed).toEqual(['UseVirtualizationFrameworkVirtioFS']);
    expect(phases).toEqual(expect.arrayContaining(['backup', 'apply', 'wait', 'verify', 'restore']));

    // The stand-in's bind mounts are ext4: gRPC FUSE did not take, so the original is back.
    expect(result).toMatchObject({ status: 'failed', fsType: 'ext4', restored: true });
    expect(result.message).toMatch(
      /did not take: the bind mount is on ext4.*The original settings were put back\./,
    );
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(result.backups).toHaveLength(1);
    expect(readFileSync(result.backups[0]).equals(bytes)).toBe(true);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
    expect(await labelledLeftovers({ ownerPid: process.pid })).toEqual({ containers: [], volumes: [] });
  });

  it('`mountbench apply --yes` says the setting did not take and that the original was put back', async () => {
    const { settings, bytes } = setUp();
    const out = await mountbenchChild(
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'],
      sb.env,
    );
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(
      /✗ VZ \+ gRPC FUSE did not take: .*ext4.*The original settings were put back\./,
    );
    expect(out.stdout).toMatch(/copies of the originals: .*settings-store\.json/);
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
  });

  it('a crash mid-apply leaves a journal that `mountbench restore` finishes: the original is back', async () => {
    const { settings, bytes } = setUp();
    // The journal's test hook kills the process right after its third step (the settings write).
    const crashed = await mountbenchChild(
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'],
      { ...sb.env, MOUNTBENCH_KILL_AT_STEP: '3' },
    );
    expect(crashed.signal).toBe('SIGKILL');
    expect(readFileSync(settings).equals(bytes)).toBe(false);
    expect(await findUnfinishedJournals(sb.dataDir)).toHaveLength(1);
    const restored = await mountbenchChild(['restore'], sb.env);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/docker-desktop: put back/);
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
  });

  it('a crash mid-apply is put back when `mountbench serve` starts, which says so', async () => {
    builtRendererDir();
    const { settings, bytes } = setUp();
    const crashed = await mountbenchChild(
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'],
      { ...sb.env, MOUNTBENCH_KILL_AT_STEP: '3' },
    );
    expect(crashed.signal).toBe('SIGKILL');
    expect(readFileSync(settings).equals(bytes)).toBe(false);
    // Serve restores before it listens; once it says how to stop it, the restore is done.
    const served = await mountbenchChild(['serve'], sb.env, {
      onStderr: (text, child) => {
        if (text.includes('Ctrl-C stops the server') && child.exitCode === null) child.kill('SIGINT');
      },
    });
    expect(served.code).toBe(0);
    expect(served.stderr).toMatch(
      /mountbench: Restored the setting change started .*\n {2}docker-desktop: put back/,
    );
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
  });

  it('refuses a settings file it cannot parse, changing nothing', async () => {
    const { settings } = setUp();
    const broken = '{ "UseVirtualizationFrameworkVirtioFS": true, ';
    writeFileSync(settings, broken);
    const out = await mountbenchChild(
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'],
      sb.env,
    );
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/settings-store\.json/);
    expect(readFileSync(settings, 'utf8')).toBe(broken);
    expect(existsSync(journalDir(sb.dataDir))).toBe(false);
  });

  it('refuses to apply a plain engine variant: there is no setting behind it', async () => {
    setUp();
    const out = await mountbenchChild(
      ['apply', '--provider', 'docker-engine', '--variant', 'fuse', '--yes'],
      sb.env,
    );
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/Docker Engine has no file-sharing setting to switch/);
    expect(existsSync(journalDir(sb.dataDir))).toBe(false);
  });

  it('two `apply --yes` started at the same moment: exactly one changes settings, the other is BUSY and says why', async () => {
    sb = createStandinSandbox({
      dockerDesktop: 'settings-store-json-4.35',
      // Slow to start, so the first apply holds the lock well past the second one's check.
      env: { MOUNTBENCH_IMAGE: image, STANDIN_DOCKER_DESKTOP_START_MS: '3000' },
    });
    const settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
    const bytes = readFileSync(settings);
    const args = ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'];
    const outs = await Promise.all([mountbenchChild(args, sb.env), mountbenchChild(args, sb.env)]);
    const busy = outs.filter((o) => /another settings change is in progress/.test(o.stderr));
    const proceeded = outs.filter((o) => /^backup$/m.test(o.stderr));
    expect(busy, outs.map((o) => o.stderr).join('\n---\n')).toHaveLength(1);
    expect(proceeded).toHaveLength(1);
    expect(busy[0].code).not.toBe(0);
    expect(busy[0].stderr).toMatch(/apply docker-desktop vz-grpcfuse, process \d+/);
    expect(busy[0].stderr).not.toMatch(/ended without a result/);
    // The one that proceeded could not verify here (ext4) and put the original back.
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
    expect(readdirSync(journalDir(sb.dataDir)).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    expect(existsSync(join(journalDir(sb.dataDir), 'change.lock'))).toBe(false);
  });
});
