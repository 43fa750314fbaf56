// Docker Desktop's settings as current releases write them: sparse settings-store.json files
// (fixtures copied from real files, test/fixtures/products/README.md), read the way the app does.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDockerDesktopSettings } from './generations';
import { settingsDir } from './paths';
import { variantFromSwitches, writesFor } from './variants';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/products/docker-desktop');
let home: string;

function homeWith(text: string): void {
  mkdirSync(settingsDir(home), { recursive: true });
  writeFileSync(path.join(settingsDir(home), 'settings-store.json'), text);
}
const fixture = (dir: string) => readFileSync(path.join(FIXTURES, dir, 'settings-store.json'), 'utf8');

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'mountbench-dd-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('Docker Desktop settings-store.json of current releases', () => {
  for (const dir of ['settings-store-json-v43', 'settings-store-json-v46']) {
    it(`${dir}: a fresh install with no switch at all reads as VZ + VirtioFS`, async () => {
      homeWith(fixture(dir));
      const s = await readDockerDesktopSettings(home);
      expect(s.written).toEqual({ vz: null, virtiofs: null, grpcfuse: null, libkrun: null, rosetta: null });
      expect(variantFromSwitches(s.switches, 'arm64')).toEqual({ id: 'vz-virtiofs', label: 'VZ + VirtioFS' });
      expect(s.versionWarning).toBeNull();
    });
  }

  it('the Docker VMM and gRPC FUSE files read as what their users chose', async () => {
    homeWith(fixture('settings-store-json-v43-docker-vmm'));
    expect(variantFromSwitches((await readDockerDesktopSettings(home)).switches, 'arm64').id).toBe(
      'docker-vmm',
    );
    // A sparse file whose only switch turns VirtioFS off runs gRPC FUSE (on by default behind it),
    // not "VZ + osxfs".
    homeWith('{\n  "SettingsVersion": 46,\n  "UseVirtualizationFrameworkVirtioFS": false\n}\n');
    expect(variantFromSwitches((await readDockerDesktopSettings(home)).switches, 'arm64').id).toBe(
      'vz-grpcfuse',
    );
    homeWith(fixture('settings-store-json-v46-grpcfuse'));
    expect(variantFromSwitches((await readDockerDesktopSettings(home)).switches, 'arm64').id).toBe(
      'vz-grpcfuse',
    );
  });

  it('writes Docker VMM as Docker Desktop writes it, and back to VZ as it does', async () => {
    homeWith(fixture('settings-store-json-v46'));
    const fresh = await readDockerDesktopSettings(home);
    expect(
      writesFor('docker-vmm', fresh.generation, fresh.switches, 'arm64').map((w) => `${w.key}=${w.to}`),
    ).toEqual([
      'UseLibkrun=true',
      'UseVirtualizationFramework=false',
      'UseVirtualizationFrameworkRosetta=false',
    ]);
    // A sparse file stays sparse: keys already at their default are not written, but gRPC FUSE is
    // said outright (its default, on behind VirtioFS, is the settings reference's word only).
    expect(
      writesFor('vz-grpcfuse', fresh.generation, fresh.switches, 'arm64', fresh.written).map(
        (w) => `${w.key}=${w.to}`,
      ),
    ).toEqual(['UseVirtualizationFrameworkVirtioFS=false', 'UseGrpcfuse=true']);
    expect(fresh.switches.grpcfuse).toBe(true);
    expect(fresh.written.grpcfuse).toBe(null);
    homeWith(fixture('settings-store-json-v43-docker-vmm'));
    const vmm = await readDockerDesktopSettings(home);
    expect(
      writesFor('vz-virtiofs', vmm.generation, vmm.switches, 'arm64').map((w) => `${w.key}=${w.to}`),
    ).toEqual(['UseVirtualizationFramework=true', 'UseLibkrun=false']);
  });

  it('reads the VM memory in either spelling, and nothing where the sparse file leaves it out', async () => {
    homeWith(fixture('settings-store-json-4.35'));
    expect((await readDockerDesktopSettings(home)).memoryMiB).toBe(8092);
    homeWith(fixture('settings-store-json-v46'));
    expect((await readDockerDesktopSettings(home)).memoryMiB).toBeNull();
  });

  it('a settings version newer than any seen is read with a warning, not refused', async () => {
    homeWith(fixture('settings-store-json-v46').replace('"SettingsVersion": 46', '"SettingsVersion": 47'));
    const s = await readDockerDesktopSettings(home);
    expect(s.version).toBe(47);
    expect(s.versionWarning).toMatch(/settings version 47, newer than Mountbench has seen \(46\)/);
    expect(variantFromSwitches(s.switches, 'arm64').id).toBe('vz-virtiofs');
  });

  it('still refuses a key it must write whose value has an unexpected shape', async () => {
    homeWith('{\n  "SettingsVersion": 47,\n  "UseLibkrun": "yes"\n}\n');
    await expect(readDockerDesktopSettings(home)).rejects.toThrow(/UseLibkrun .* is "yes", not true\/false/);
    homeWith('{\n  "SettingsVersion": "46"\n}\n');
    await expect(readDockerDesktopSettings(home)).rejects.toThrow(/not a whole number/);
  });
});
