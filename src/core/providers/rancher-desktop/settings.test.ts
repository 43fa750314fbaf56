import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import { interpretSettings } from './settings';
import {
  flagsFor,
  keyPathsFor,
  releaseFromRdctlVersion,
  settingsVersionForRelease,
} from './settings-versions';
import { variantFromValues } from './variants';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'products', 'rancher-desktop');
const fixture = (v: number) =>
  JSON.parse(readFileSync(join(FIXTURES, `v${v}`, 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('Rancher Desktop settings versions', () => {
  it('maps releases to the settings version they write', () => {
    expect(
      [
        '1.12.3',
        '1.13.1',
        '1.14.2',
        '1.15.1',
        '1.16.0',
        '1.18.2',
        '1.19.0',
        '1.21.1',
        '1.22.0',
        '1.23.1',
        '1.24.0',
      ].map(settingsVersionForRelease),
    ).toEqual([10, 11, 11, 13, 14, 14, 15, 16, 17, 18, 19]);
    expect(settingsVersionForRelease('1.25.0')).toBeGreaterThan(19);
  });

  it('reads the release from rdctl version, with or without the v', () => {
    expect(releaseFromRdctlVersion('rdctl client version: v1.22.0, targeting server version: v1')).toBe(
      '1.22.0',
    );
    expect(releaseFromRdctlVersion('rdctl client version: 1.1.0, targeting server version: v1')).toBe(
      '1.1.0',
    );
    expect(releaseFromRdctlVersion('no version here')).toBeNull();
  });

  it('moves the VM type at 15 and the mount type at 16; 9p options never move', () => {
    expect(keyPathsFor(14)).toEqual({
      vmType: ['experimental', 'virtualMachine', 'type'],
      mountType: ['experimental', 'virtualMachine', 'mount', 'type'],
      ninep: ['experimental', 'virtualMachine', 'mount', '9p'],
    });
    expect(keyPathsFor(15).vmType).toEqual(['virtualMachine', 'type']);
    expect(keyPathsFor(15).mountType).toEqual(['experimental', 'virtualMachine', 'mount', 'type']);
    expect(keyPathsFor(19).mountType).toEqual(['virtualMachine', 'mount', 'type']);
    expect(flagsFor(14)).toMatchObject({
      vmType: '--experimental.virtual-machine.type',
      mountType: '--experimental.virtual-machine.mount.type',
    });
    expect(flagsFor(15)).toMatchObject({
      vmType: '--virtual-machine.type',
      mountType: '--experimental.virtual-machine.mount.type',
    });
    expect(flagsFor(16)).toMatchObject({
      vmType: '--virtual-machine.type',
      mountType: '--virtual-machine.mount.type',
    });
    expect(flagsFor(19).ninep).toEqual({
      securityModel: '--experimental.virtual-machine.mount.9p.security-model',
      protocolVersion: '--experimental.virtual-machine.mount.9p.protocol-version',
      msizeInKib: '--experimental.virtual-machine.mount.9p.msize-in-kib',
      cacheMode: '--experimental.virtual-machine.mount.9p.cache-mode',
    });
  });
});

describe('reading real-format settings files', () => {
  it.each([
    [14, 'qemu-reverse-sshfs'],
    [15, 'qemu-9p-128k'],
    [16, 'vz-reverse-sshfs'],
    [19, 'vz-virtiofs'],
  ])('settings version %i selects %s', (v, variant) => {
    const s = interpretSettings(fixture(v), `v${v}`);
    expect(s.version).toBe(v);
    expect(variantFromValues(s.values).id).toBe(variant);
  });

  it.each([11, 13])(
    'settings version %i (Rancher Desktop 1.13–1.15) keeps version 14’s paths and is read as such',
    (version) => {
      // 11 → 14 migrate only socketVMNet, networkingTunnel and hostResolver (settingsImpl.ts).
      const s = interpretSettings({ ...fixture(14), version }, `v${version}`);
      expect(s.version).toBe(version);
      expect(variantFromValues(s.values).id).toBe('qemu-reverse-sshfs');
      expect(flagsFor(version).vmType).toBe('--experimental.virtual-machine.type');
    },
  );

  it('refuses a newer, an older, a missing or a non-numeric version', () => {
    for (const version of [20, 10, undefined, '16']) {
      expect(() => interpretSettings({ ...fixture(16), version }, 'test')).toThrow(MountbenchError);
    }
    expect(() => interpretSettings({ ...fixture(16), version: 20 }, 'test')).toThrow(
      /newer than the newest Mountbench knows \(19\)/,
    );
  });

  it('refuses values of the wrong type instead of guessing', () => {
    const s = fixture(19);
    (s.virtualMachine as Record<string, unknown>).type = 42;
    expect(() => interpretSettings(s, 'test')).toThrow(/virtualMachine.type in test is 42, not a string/);
  });

  it('names settings that match no variant in the product’s words', () => {
    expect(variantFromValues({ vmType: 'qemu', mountType: '9p', msizeInKib: 256 })).toEqual({
      id: null,
      label: 'QEMU + 9p, msize 256 KiB',
    });
    expect(
      variantFromValues({ vmType: 'qemu', mountType: '9p', msizeInKib: 256, cacheMode: 'loose' }),
    ).toEqual({
      id: null,
      label: 'QEMU + 9p, msize 256 KiB, cache loose',
    });
  });

  it('reads all four 9p options, and a tuned 9p is what it is, not a variant', () => {
    const s = fixture(19);
    const ninep = (s.experimental as { virtualMachine: { mount: { '9p': Record<string, unknown> } } })
      .virtualMachine.mount['9p'];
    Object.assign(ninep, {
      cacheMode: 'none',
      securityModel: 'mapped-xattr',
      protocolVersion: '9p2000.u',
      msizeInKib: 128,
    });
    (s.virtualMachine as { type: string }).type = 'qemu';
    (s.virtualMachine as { mount: { type: string } }).mount.type = '9p';
    const { values } = interpretSettings(s, 'test');
    expect(values).toMatchObject({
      msizeInKib: 128,
      cacheMode: 'none',
      securityModel: 'mapped-xattr',
      protocolVersion: '9p2000.u',
    });
    expect(variantFromValues(values)).toEqual({
      id: null,
      label: 'QEMU + 9p, msize 128 KiB, cache none, security mapped-xattr, 9p2000.u',
    });
  });

  it('takes absent 9p options as Rancher Desktop’s defaults (none, 9p2000.L, 128, mmap)', () => {
    expect(variantFromValues({ vmType: 'qemu', mountType: '9p', msizeInKib: null })).toMatchObject({
      id: 'qemu-9p-128k',
    });
    expect(
      variantFromValues({ vmType: 'qemu', mountType: '9p', msizeInKib: null, cacheMode: 'fscache' }),
    ).toMatchObject({
      id: 'qemu-9p-128k-fscache',
    });
    // 512 KiB with a tuned cache mode is not the 512 KiB variant.
    expect(
      variantFromValues({ vmType: 'qemu', mountType: '9p', msizeInKib: 512, cacheMode: 'loose' }).id,
    ).toBeNull();
  });

  it('refuses a 9p option of the wrong type', () => {
    const s = fixture(19);
    (s.experimental as { virtualMachine: { mount: { '9p': Record<string, unknown> } } }).virtualMachine.mount[
      '9p'
    ].cacheMode = 3;
    expect(() => interpretSettings(s, 'test')).toThrow(/cacheMode in test is 3, not a string/);
  });
});
