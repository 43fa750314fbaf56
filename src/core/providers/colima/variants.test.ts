import { describe, expect, it } from 'vitest';
import {
  defaultVmType,
  hasVmTypeFlag,
  listColimaVariants,
  profileFor,
  variantFromValues,
  variantOfProfile,
  vmTypeFromDriver,
} from './variants';

const M1 = { platform: 'darwin', arch: 'arm64', macosVersion: '14.5' };
const ALL_TOOLS = { qemu: true, krunkit: true };
const available = (list: ReturnType<typeof listColimaVariants>) =>
  list.filter((v) => v.available).map((v) => v.id);

describe('colima variants', () => {
  it('are the pairs colima keeps as asked, each in a profile of its own', () => {
    const list = listColimaVariants(M1, '0.10.0', ALL_TOOLS);
    expect(list.map((v) => [v.id, v.available, v.expectedFsTypes[0]])).toEqual([
      ['qemu-sshfs', true, 'fuse.sshfs'],
      ['qemu-9p', true, '9p'],
      ['vz-sshfs', true, 'fuse.sshfs'],
      ['vz-virtiofs', true, 'virtiofs'],
      ['krunkit-sshfs', true, 'fuse.sshfs'],
      ['krunkit-virtiofs', false, 'virtiofs'],
    ]);
    expect(profileFor('qemu-9p')).toBe('mountbench-qemu-9p');
    expect(variantOfProfile('mountbench-qemu-9p')).toBe('qemu-9p');
    expect(variantOfProfile('default')).toBeNull();
    expect(variantOfProfile('mountbench-qemu-virtiofs')).toBeNull();
  });

  it('offers VZ and krunkit only where `--vm-type` exists (macOS 13+), and QEMU alone on Linux', () => {
    expect(hasVmTypeFlag({ platform: 'darwin', arch: 'x64', macosVersion: '12.6' })).toBe(false);
    expect(hasVmTypeFlag({ platform: 'linux', arch: 'x64', macosVersion: null })).toBe(false);
    expect(hasVmTypeFlag(M1)).toBe(true);
    const old = listColimaVariants(
      { platform: 'darwin', arch: 'x64', macosVersion: '12.6' },
      '0.8.1',
      ALL_TOOLS,
    );
    expect(old.find((v) => v.id === 'vz-sshfs')?.reason).toMatch(/macOS 13 or later/);
    const linux = listColimaVariants(
      { platform: 'linux', arch: 'x64', macosVersion: null },
      '0.8.1',
      ALL_TOOLS,
    );
    expect(available(linux)).toEqual(['qemu-sshfs', 'qemu-9p']);
  });

  it('offers QEMU only where qemu is installed, krunkit only from 0.10 with krunkit installed on Apple silicon', () => {
    const noQemu = listColimaVariants(M1, '0.10.0', { qemu: false, krunkit: false });
    expect(noQemu.find((v) => v.id === 'qemu-9p')?.reason).toMatch(/QEMU is not installed/);
    expect(noQemu.find((v) => v.id === 'krunkit-virtiofs')?.reason).toMatch(/krunkit is not installed/);
    expect(noQemu.find((v) => v.id === 'krunkit-sshfs')?.reason).toMatch(/krunkit is not installed/);
    expect(available(noQemu)).toEqual(['vz-sshfs', 'vz-virtiofs']);
    const before = listColimaVariants(M1, '0.9.1', ALL_TOOLS);
    expect(before.find((v) => v.id === 'krunkit-virtiofs')?.reason).toMatch(/colima 0\.10\.0 or later/);
    const intel = listColimaVariants({ ...M1, arch: 'x64' }, '0.10.0', ALL_TOOLS);
    expect(intel.find((v) => v.id === 'krunkit-virtiofs')?.reason).toMatch(/Apple silicon/);
  });

  it('greys krunkit + virtiofs on every colima through 0.10.3 (Lima gets 9p and refuses it), offers it after', () => {
    for (const version of ['0.10.0', '0.10.3', null]) {
      const list = listColimaVariants(M1, version, ALL_TOOLS);
      expect(list.find((v) => v.id === 'krunkit-virtiofs')?.reason).toMatch(
        /^cannot start on colima .*: it gives Lima's krunkit driver 9p, which it refuses \(abiosoft\/colima#1607\); krunkit \+ sshfs works$/,
      );
      expect(list.find((v) => v.id === 'krunkit-sshfs')?.available).toBe(true);
    }
    expect(
      listColimaVariants(M1, '0.10.4', ALL_TOOLS).find((v) => v.id === 'krunkit-virtiofs')?.available,
    ).toBe(true);
  });

  it('reads a profile that names no VM type as colima does: vz on macOS 13+ from 0.8.1, qemu before', () => {
    const both = { qemu: true, krunkit: false };
    expect(defaultVmType(M1, '0.10.3', both)).toBe('vz');
    expect(defaultVmType(M1, '0.8.1', both)).toBe('vz');
    // 0.8.0 chose vz only where qemu-img was missing.
    expect(defaultVmType(M1, '0.8.0', both)).toBe('qemu');
    expect(defaultVmType(M1, '0.8.0', { qemu: false, krunkit: false })).toBe('vz');
    expect(defaultVmType(M1, '0.7.6', both)).toBe('qemu');
    expect(defaultVmType({ platform: 'darwin', arch: 'x64', macosVersion: '12.6' }, '0.10.3', both)).toBe(
      'qemu',
    );
    expect(defaultVmType({ platform: 'linux', arch: 'x64', macosVersion: null }, '0.10.3', both)).toBe(
      'qemu',
    );
  });

  it('says at the proposal that colima before 0.8.1 has no `status --json`', () => {
    const list = listColimaVariants(M1, '0.8.0', ALL_TOOLS);
    expect(list.every((v) => !v.available && /needs colima 0\.8\.1 or later/.test(v.reason ?? ''))).toBe(
      true,
    );
  });

  it('reads what colima status reports', () => {
    expect(vmTypeFromDriver('macOS Virtualization.Framework')).toBe('vz');
    expect(vmTypeFromDriver('QEMU')).toBe('qemu');
    expect(vmTypeFromDriver('Krunkit')).toBe('krunkit');
    expect(variantFromValues('vz', 'virtiofs').id).toBe('vz-virtiofs');
    expect(variantFromValues('krunkit', 'virtiofs').id).toBe('krunkit-virtiofs');
    expect(variantFromValues('qemu', 'reverse-sshfs').id).toBe('qemu-sshfs');
    expect(variantFromValues('qemu', 'virtiofs')).toEqual({ id: null, label: 'qemu + virtiofs' });
  });
});
