// Docker Desktop as current releases ship it (stand-in sandbox): sparse settings-store.json files
// with SettingsVersion 43 and 46 (real files, test/fixtures/products/README.md), an app whose
// processes may outlive its "stopped" status, and Docker VMM written as the product writes it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { providerContext } from '../../src/core/providers/provider-context';
import { dockerDesktopProvider } from '../../src/core/providers/docker-desktop';
import { applySetting } from '../../src/core/sweep';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';
import { image } from './support';

let sb: StandinSandbox;
afterEach(async () => {
  await sb?.remove();
});

const store = () => sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
const appState = () =>
  JSON.parse(
    readFileSync(
      sb.file('Library', 'Containers', 'com.docker.docker', 'Data', 'standin', 'state.json'),
      'utf8',
    ),
  ) as { vm: string; fileSharing: string };

describe('Docker Desktop 4.4x–4.9x (stand-in)', () => {
  it('`mountbench providers` reads a sparse SettingsVersion 46 home as VZ + VirtioFS, with no problem', async () => {
    sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-v46' });
    const out = await mountbenchChild(['providers'], sb.env);
    expect(out.code, out.stderr).toBe(0);
    const dd = out.stdout.slice(out.stdout.indexOf('Docker Desktop'));
    expect(dd).toMatch(/file sharing now: VZ \+ VirtioFS/);
    expect(dd.split('\n\n')[0]).not.toMatch(/problem/);
  });

  it('`mountbench sweep` (dry run) on a sparse v46 file lists the keys it would write, and writes none', async () => {
    sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-v46', env: { MOUNTBENCH_IMAGE: image } });
    const bytes = readFileSync(store());
    const out = await mountbenchChild(
      [
        'sweep',
        '--provider',
        'docker-desktop',
        '--variants',
        'vz-grpcfuse,docker-vmm',
        '--workload',
        'dd-write',
      ],
      sb.env,
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/UseVirtualizationFrameworkVirtioFS true → false/);
    // Absent, so on by default behind VirtioFS, and written outright all the same.
    expect(out.stdout).toMatch(/UseGrpcfuse null → true/);
    expect(out.stdout).toMatch(/UseLibkrun false → true/);
    expect(out.stdout).toMatch(/UseVirtualizationFramework true → false/);
    expect(out.stdout).toMatch(/UseVirtualizationFrameworkRosetta true → false/);
    expect(readFileSync(store()).equals(bytes)).toBe(true);
  });

  it('a settings version newer than any seen is a warning in `providers`, not a refusal', async () => {
    sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-v46' });
    const text = readFileSync(store(), 'utf8').replace('"SettingsVersion": 46', '"SettingsVersion": 47');
    writeFileSync(store(), text);
    const out = await mountbenchChild(['providers', '--json'], sb.env);
    const dd = (
      JSON.parse(out.stdout) as { detection: { id: string; currentVariant: string; problems: string[] } }[]
    ).find((p) => p.detection.id === 'docker-desktop');
    expect(dd?.detection.currentVariant).toBe('vz-virtiofs');
    expect(dd?.detection.problems.join(' ')).toMatch(
      /settings version 47, newer than Mountbench has seen \(46\)/,
    );
  });

  it('a fresh stand-in install writes a sparse file with no switch, and runs VZ + VirtioFS', async () => {
    sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-v46' });
    rmSync(store());
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    const written = JSON.parse(readFileSync(store(), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written)).toHaveLength(9);
    expect(written).toMatchObject({ SettingsVersion: 46, UseContainerdSnapshotter: true });
    expect(
      Object.keys(written).filter((k) => k.startsWith('UseVirtualization') || k === 'UseGrpcfuse'),
    ).toEqual([]);
    expect(appState()).toMatchObject({ vm: 'vz', fileSharing: 'virtiofs' });
  });

  it('waits for the app’s processes, not only its "stopped": a change survives an app that lingers on quit', async () => {
    // The app says stopped at once but runs 1.5 s longer, writing back the settings it holds.
    sb = createStandinSandbox({
      dockerDesktop: 'settings-store-json-v43',
      env: { MOUNTBENCH_IMAGE: image, STANDIN_DD_LINGER_MS: '1500' },
    });
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    const ctx = await providerContext({ env: sb.env });
    let atVerify: { vm: string; fileSharing: string } | null = null;
    const result = await applySetting(dockerDesktopProvider, 'vz-grpcfuse', ctx, {
      cacheDir: join(sb.root, 'cache'),
      image,
      signal: new AbortController().signal,
      onEvent(phase) {
        if (phase === 'verify') atVerify = appState();
      },
    });
    // Docker Desktop came back running gRPC FUSE: the write was not lost to the lingering app.
    expect(atVerify).toMatchObject({ vm: 'vz', fileSharing: 'grpcfuse' });
    // The stand-in engine shows ext4, so verification fails and the original is put back.
    expect(result).toMatchObject({ status: 'failed', restored: true });
  });

  it('Docker VMM: the stand-in app runs it from the file Mountbench writes, VZ and Rosetta off', async () => {
    sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-v46', env: { MOUNTBENCH_IMAGE: image } });
    const ctx = await providerContext({ env: sb.env });
    let atVerify: Record<string, unknown> | null = null;
    await applySetting(dockerDesktopProvider, 'docker-vmm', ctx, {
      cacheDir: join(sb.root, 'cache'),
      image,
      signal: new AbortController().signal,
      onEvent(phase) {
        if (phase === 'verify') atVerify = { ...appState(), ...JSON.parse(readFileSync(store(), 'utf8')) };
      },
    });
    expect(atVerify).toMatchObject({
      vm: 'docker-vmm',
      UseLibkrun: true,
      UseVirtualizationFramework: false,
      UseVirtualizationFrameworkRosetta: false,
    });
  });
});
