import { describe, expect, it } from 'vitest';
import { LEGACY, STORE, type Switch } from './generations';
import { listDockerDesktopVariants, variantFromSwitches, writesFor } from './variants';
import { appProcessPattern, versionFromPlatformName, versionFromPlist } from './product';

const M1 = { platform: 'darwin', arch: 'arm64', macosVersion: '14.5' };
const INTEL_OLD = { platform: 'darwin', arch: 'x64', macosVersion: '12.4' };
const store = { ...STORE, file: 'settings-store.json' };
const legacy = { ...LEGACY, file: 'settings.json' };
const sw = (s: Partial<Record<Switch, boolean | null>>): Record<Switch, boolean | null> => ({
  vz: null,
  virtiofs: null,
  grpcfuse: null,
  libkrun: null,
  rosetta: null,
  ...s,
});

describe('Docker Desktop variants', () => {
  const byId = (list: ReturnType<typeof listDockerDesktopVariants>, id: string) =>
    list.find((v) => v.id === id);

  it('says QEMU is likely gone when the release is unknown and the file is of version 43 or later', () => {
    const unknown = listDockerDesktopVariants(M1, null, store, { settingsVersion: 46, memoryMiB: null });
    expect(byId(unknown, 'qemu-grpcfuse')).toMatchObject({
      available: false,
      reason: expect.stringMatching(/^likely gone: QEMU left Docker Desktop in 4\.44, .*version 46/),
    });
    expect(byId(unknown, 'qemu-osxfs')?.available).toBe(false);
    expect(byId(unknown, 'vz-virtiofs')?.available).toBe(true);
    // An older file, or a known release before 4.44, keeps QEMU on offer.
    const older = listDockerDesktopVariants(M1, null, store, { settingsVersion: 40, memoryMiB: null });
    expect(byId(older, 'qemu-grpcfuse')?.available).toBe(true);
    const known = listDockerDesktopVariants(M1, '4.43.0', store, { settingsVersion: 43, memoryMiB: null });
    expect(byId(known, 'qemu-grpcfuse')?.available).toBe(true);
  });

  it('offers Docker VMM only with at least 4 GB of VM memory, saying where to raise it', () => {
    const small = listDockerDesktopVariants(M1, '4.49.0', store, { settingsVersion: 43, memoryMiB: 2048 });
    expect(byId(small, 'docker-vmm')).toMatchObject({
      available: false,
      reason:
        'needs at least 4 GB of VM memory (this one has 2048 MiB): raise it in Docker Desktop › Settings › Resources first',
    });
    for (const memoryMiB of [4096, null])
      expect(
        byId(listDockerDesktopVariants(M1, '4.49.0', store, { settingsVersion: 43, memoryMiB }), 'docker-vmm')
          ?.available,
      ).toBe(true);
  });

  it('offers each variant only where it exists, saying why not', () => {
    const m1 = listDockerDesktopVariants(M1, '4.43.0', store);
    expect(byId(m1, 'docker-vmm')?.available).toBe(true);
    expect(byId(m1, 'hyperkit-grpcfuse')?.reason).toMatch(/Intel Mac/);
    const m1New = listDockerDesktopVariants(M1, '4.44.0', store);
    expect(byId(m1New, 'qemu-grpcfuse')?.reason).toMatch(/removed after Docker Desktop 4.43/);
    expect(byId(m1New, 'qemu-osxfs')?.available).toBe(false);
    const m1Old = listDockerDesktopVariants(M1, '4.34.3', legacy);
    expect(byId(m1Old, 'docker-vmm')?.reason).toMatch(/needs Docker Desktop 4.35 or later/);
    const intel = listDockerDesktopVariants(INTEL_OLD, '4.30.0', legacy);
    expect(byId(intel, 'vz-virtiofs')?.reason).toMatch(/macOS 12.5 or later \(this Mac runs 12.4\)/);
    expect(byId(intel, 'hyperkit-osxfs')?.available).toBe(true);
    // No source ties the end of osxfs or HyperKit to a release: they stay offered on Intel.
    const intelNew = listDockerDesktopVariants({ ...INTEL_OLD, macosVersion: '15.1' }, '4.50.0', store);
    expect(byId(intelNew, 'hyperkit-osxfs')?.available).toBe(true);
    expect(byId(intelNew, 'hyperkit-grpcfuse')?.available).toBe(true);
    expect(byId(intel, 'hyperkit-osxfs')?.bindFlags).toEqual(['consistent', 'cached', 'delegated']);
    expect(byId(m1, 'vz-virtiofs')?.bindFlags).toEqual([]);
    const linux = listDockerDesktopVariants(
      { platform: 'linux', arch: 'x64', macosVersion: null },
      null,
      null,
    );
    expect(linux.every((v) => !v.available && /only on macOS/.test(v.reason ?? ''))).toBe(true);
  });

  it('reads the variant as Docker Desktop does: VirtioFS wins over gRPC FUSE, libkrun over both', () => {
    expect(variantFromSwitches(sw({ vz: true, virtiofs: true, grpcfuse: true }), 'arm64').id).toBe(
      'vz-virtiofs',
    );
    expect(variantFromSwitches(sw({ vz: true, virtiofs: false, grpcfuse: true }), 'arm64').id).toBe(
      'vz-grpcfuse',
    );
    expect(variantFromSwitches(sw({ vz: false, grpcfuse: true }), 'x64').id).toBe('hyperkit-grpcfuse');
    expect(variantFromSwitches(sw({ vz: false, grpcfuse: false }), 'arm64').id).toBe('qemu-osxfs');
    expect(variantFromSwitches(sw({ vz: true, libkrun: true }), 'arm64').id).toBe('docker-vmm');
    expect(variantFromSwitches(sw({}), 'arm64').id).toBeNull();
  });

  it('writes only what must change, in the generation’s spelling, and turns Rosetta off without VZ', () => {
    const now = sw({ vz: true, virtiofs: true, grpcfuse: true, libkrun: false, rosetta: true });
    expect(writesFor('vz-virtiofs', store, now, 'arm64')).toEqual([]);
    expect(writesFor('vz-grpcfuse', store, now, 'arm64')).toEqual([
      { key: 'UseVirtualizationFrameworkVirtioFS', from: true, to: false },
    ]);
    expect(writesFor('qemu-osxfs', store, now, 'arm64').map((w) => `${w.key}=${w.to}`)).toEqual([
      'UseVirtualizationFramework=false',
      'UseVirtualizationFrameworkVirtioFS=false',
      'UseGrpcfuse=false',
      'UseVirtualizationFrameworkRosetta=false',
    ]);
    const old = sw({ vz: true, virtiofs: false, grpcfuse: true, rosetta: false });
    // gRPC FUSE stays on: VirtioFS wins while both are (the GUI's full files keep both true).
    expect(writesFor('vz-virtiofs', legacy, old, 'arm64')).toEqual([
      { key: 'useVirtualizationFrameworkVirtioFS', from: false, to: true },
    ]);
  });

  it('looks for the app’s processes by its bundle paths, taken literally', () => {
    const pattern = new RegExp(
      appProcessPattern(['/Applications/Docker.app', '/Users/a b/Applications/Docker.app']),
    );
    expect(pattern.test('/Applications/Docker.app/Contents/MacOS/com.docker.backend')).toBe(true);
    expect(pattern.test('/Users/a b/Applications/Docker.app/Contents/MacOS/Docker Desktop.app/x')).toBe(true);
    expect(pattern.test('/Applications/DockerXapp/Contents/MacOS/com.docker.backend')).toBe(false);
    expect(pattern.test('/usr/bin/dockerd')).toBe(false);
    expect(pattern.test('/usr/bin/node x.cjs /home/u/Applications/Docker.app/Contents/MacOS/y')).toBe(false);
  });

  it('finds the product version in Info.plist and in `docker version`', () => {
    expect(versionFromPlist('<key>CFBundleShortVersionString</key>\n\t<string>4.37.1</string>')).toBe(
      '4.37.1',
    );
    expect(versionFromPlist('<plist></plist>')).toBeNull();
    expect(versionFromPlatformName('Docker Desktop 4.49.0 (12345)')).toBe('4.49.0');
    expect(versionFromPlatformName('Docker Engine - Community')).toBeNull();
  });
});
