// Docker Desktop's settings file in every state a user's machine may hold it that Mountbench must
// refuse, on the docker-desktop stand-in: each a clear error, the file byte-identical, Docker
// Desktop's running state untouched. Also: unknown keys survive a real apply byte for byte.
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../src/shared/errors';
import { Journal, journalDir } from '../../src/core/journal';
import { dockerDesktopProvider as dd } from '../../src/core/providers/docker-desktop';
import { providerContext } from '../../src/core/providers/provider-context';
import type { ProviderContext } from '../../src/core/providers/provider';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';

let sb: StandinSandbox;
afterEach(async () => {
  await sb?.remove();
});

async function setUp(mutate: (file: string) => void, env: NodeJS.ProcessEnv = {}, running = false) {
  sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-4.35', env });
  const file = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
  const ctx = await providerContext({ env: sb.env });
  if (running) {
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    await dd.waitReady(ctx, { timeoutMs: 30_000 });
  }
  mutate(file);
  // A removed file has no bytes to compare; its tests check it stays absent.
  let bytes = Buffer.alloc(0);
  try {
    bytes = readFileSync(file);
  } catch {
    // removed on purpose
  }
  return { file, ctx, bytes };
}

/** Every door a sweep goes through refuses with `pattern`, and nothing changed. */
async function expectRefused(
  ctx: ProviderContext,
  file: string,
  bytes: Buffer,
  pattern: RegExp,
  wasRunning: boolean,
) {
  await expect(dd.readSettings(ctx)).rejects.toThrow(pattern);
  await expect(dd.planApply(ctx, 'vz-grpcfuse')).rejects.toThrow(pattern);
  const journal = await Journal.create(ctx.dataDir, 'bad input');
  try {
    await expect(dd.captureOriginals(ctx, journal)).rejects.toThrow(pattern);
    await expect(dd.apply(ctx, 'vz-grpcfuse', journal)).rejects.toBeInstanceOf(MountbenchError);
  } finally {
    await journal.close();
  }
  expect(readFileSync(file).equals(bytes)).toBe(true);
  expect((await dd.detect(ctx)).running).toBe(wasRunning);
  const found = await dd.detect(ctx);
  expect(found.problems.join(' ')).toMatch(pattern);
}

describe('docker-desktop (stand-in) bad inputs', () => {
  it('refuses truncated JSON', async () => {
    const { file, ctx, bytes } = await setUp((f) => writeFileSync(f, readFileSync(f, 'utf8').slice(0, 200)));
    await expectRefused(ctx, file, bytes, /is not valid JSON.*left untouched/s, false);
    // The CLI says so too, and changes nothing.
    const out = await mountbenchChild(
      ['sweep', '--provider', 'docker-desktop', '--workload', 'dd-write', '--size', 'quick', '--yes'],
      sb.env,
    );
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/not valid JSON/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a settings file over the size bound before reading it, naming the file, in the dry run too', async () => {
    // Valid JSON, padded past 1 MiB: refused for its size alone, whatever it holds.
    const { file, ctx, bytes } = await setUp((f) =>
      writeFileSync(f, readFileSync(f, 'utf8').replace(/}\s*$/, `${' '.repeat(3 * 1024 * 1024)}}\n`)),
    );
    const pattern =
      /settings-store\.json is 3\.0 MB; more than the 1\.0 MB allowed: a settings file is a few KB/;
    await expectRefused(ctx, file, bytes, pattern, false);
    // Without --yes: the plan only (the dry run), which reads the file too.
    const out = await mountbenchChild(
      ['sweep', '--provider', 'docker-desktop', '--workload', 'dd-write', '--size', 'quick'],
      sb.env,
    );
    expect(out.stdout).toMatch(new RegExp(`cannot start: vz-virtiofs: .*${pattern.source}`));
    expect(out.code).not.toBe(0);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a switch it must write whose value is not true/false, in a settings version newer than any seen', async () => {
    // A newer version alone is only a warning (docs/product-facts.md, the newer-versions policy);
    // a switch of a shape Mountbench does not understand is what refuses.
    const { file, ctx, bytes } = await setUp((f) =>
      writeFileSync(
        f,
        readFileSync(f, 'utf8')
          .replace('"SettingsVersion": 40', '"SettingsVersion": 47')
          .replace('"UseGrpcfuse": true', '"UseGrpcfuse": "yes"'),
      ),
    );
    await expectRefused(ctx, file, bytes, /UseGrpcfuse in .* is "yes", not true\/false/, false);
  });

  it('refuses a symlinked settings file and leaves the link and its target alone', async () => {
    const { file, ctx, bytes } = await setUp((f) => {
      const real = join(sb.root, 'elsewhere.json');
      renameSync(f, real);
      symlinkSync(real, f);
    });
    await expectRefused(ctx, file, bytes, /symbolic link/, false);
  });

  it('refuses a read-only settings file before stopping a running Docker Desktop', async () => {
    const { file, ctx, bytes } = await setUp((f) => chmodSync(f, 0o444), {}, true);
    await expect(dd.planApply(ctx, 'vz-grpcfuse')).rejects.toThrow(/read-only/);
    const journal = await Journal.create(ctx.dataDir, 'read-only');
    try {
      await dd.captureOriginals(ctx, journal);
      await expect(dd.apply(ctx, 'vz-grpcfuse', journal)).rejects.toThrow(/read-only/);
      expect(journal.stepCount()).toBe(0);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect((await dd.detect(ctx)).running).toBe(true);
  });

  it('refuses a key written twice in the dry run, and before quitting a running Docker Desktop', async () => {
    // JSON.parse keeps the last of two equal keys, so the file reads as valid: only the edit sees it.
    const { file, ctx, bytes } = await setUp((f) =>
      writeFileSync(
        f,
        readFileSync(f, 'utf8').replace('{\n', '{\n  "UseVirtualizationFrameworkVirtioFS": true,\n'),
      ),
    );
    // Started after the edit: a running Docker Desktop writes back the file it read at start.
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    await dd.waitReady(ctx, { timeoutMs: 30_000 });
    const stateFile = sb.file('Library', 'Containers', 'com.docker.docker', 'Data', 'standin', 'state.json');
    const launch = () => {
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { launchId?: string; pid?: number };
      return { launchId: state.launchId, pid: state.pid };
    };
    const before = launch();
    const twice = /has the key UseVirtualizationFrameworkVirtioFS twice; refusing to edit an ambiguous file/;
    await expect(dd.planApply(ctx, 'vz-grpcfuse')).rejects.toThrow(twice);

    const dryRun = await mountbenchChild(
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse'],
      sb.env,
    );
    expect(dryRun.code).toBe(1);
    expect(dryRun.stderr).toMatch(twice);
    expect(dryRun.stdout).not.toMatch(/writes settings-store\.json/);
    for (const args of [
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'],
      [
        'sweep',
        '--provider',
        'docker-desktop',
        '--variants',
        'vz-grpcfuse',
        '--workload',
        'dd-write',
        '--size',
        'quick',
        '--yes',
      ],
    ]) {
      const out = await mountbenchChild(args, sb.env);
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(twice);
      expect(readFileSync(file).equals(bytes)).toBe(true);
      // Nothing quit: the same launch of the app still runs.
      expect(launch()).toEqual(before);
      expect((await dd.detect(ctx)).running).toBe(true);
    }
    expect(existsSync(journalDir(sb.dataDir))).toBe(false);
  });

  it('reports a missing settings file clearly', async () => {
    const { ctx, file } = await setUp((f) => rmSync(f));
    await expect(dd.readSettings(ctx)).rejects.toThrow(/has no settings file.*start Docker Desktop once/);
    await expect(dd.planApply(ctx, 'vz-grpcfuse')).rejects.toThrow(/has no settings file/);
    const found = await dd.detect(ctx);
    expect(found.installed).toBe(true);
    expect(found.settingsFile).toBeNull();
    expect(() => readFileSync(file)).toThrow();
  });

  it('gives up on a Docker Desktop that never becomes ready, with its last status, and restores', async () => {
    const { file, ctx, bytes } = await setUp(() => undefined, { STANDIN_HANG: 'docker-desktop:start' });
    const journal = await Journal.create(ctx.dataDir, 'never ready');
    try {
      await dd.captureOriginals(ctx, journal);
      await dd.apply(ctx, 'vz-grpcfuse', journal);
      const progress: string[] = [];
      const err = await dd
        .waitReady(ctx, { timeoutMs: 3_000, onProgress: (m) => progress.push(m) })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MountbenchError);
      expect((err as MountbenchError).code).toBe('ENGINE_UNREACHABLE');
      expect((err as Error).message).toMatch(
        /gave up waiting for Docker Desktop to be ready after 3 s; last status: starting/,
      );
      expect(progress.length).toBeGreaterThan(0);
      await dd.restore(ctx, journal.originals('docker-desktop'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect((await dd.detect(ctx)).running).toBe(false);
  });

  it('keeps unknown keys, their order and formatting byte for byte through apply and restore', async () => {
    const { file, ctx } = await setUp((f) => {
      // A key from a future Docker Desktop, written oddly, in the middle of the file.
      const text = readFileSync(f, 'utf8').replace(
        '"Cpus": 12,',
        '"Cpus": 12,\n  "ZzFuture" :{"a":[1,2 ,{"b":null}]},',
      );
      writeFileSync(f, text);
    });
    const original = readFileSync(file, 'utf8');
    const journal = await Journal.create(ctx.dataDir, 'round trip');
    try {
      await dd.captureOriginals(ctx, journal);
      await dd.apply(ctx, 'vz-grpcfuse', journal);
      await dd.waitReady(ctx, { timeoutMs: 30_000 });
      expect(readFileSync(file, 'utf8')).toBe(
        original.replace(
          '"UseVirtualizationFrameworkVirtioFS": true',
          '"UseVirtualizationFrameworkVirtioFS": false',
        ),
      );
      await dd.restore(ctx, journal.originals('docker-desktop'), journal);
    } finally {
      await journal.close();
    }
    expect(readFileSync(file, 'utf8')).toBe(original);
  });
});
