import { describe, expect, it } from 'vitest';
import {
  listColimaVariants,
  profileFor,
  variantFromValues,
  variantOfProfile,
  vmTypeFromDriver,
} from './variants';

describe('colima variants', () => {
  it('are the pairs colima keeps as asked, each in a profile of its own', () => {
    const list = listColimaVariants({ platform: 'darwin', arch: 'arm64', macosVersion: '14.5' }, '0.8.1');
    expect(list.map((v) => [v.id, v.available, v.expectedFsTypes[0]])).toEqual([
      ['qemu-sshfs', true, 'fuse.sshfs'],
      ['qemu-9p', true, '9p'],
      ['vz-sshfs', true, 'fuse.sshfs'],
      ['vz-virtiofs', true, 'virtiofs'],
    ]);
    expect(profileFor('qemu-9p')).toBe('mountbench-qemu-9p');
    expect(variantOfProfile('mountbench-qemu-9p')).toBe('qemu-9p');
    expect(variantOfProfile('default')).toBeNull();
    expect(variantOfProfile('mountbench-qemu-virtiofs')).toBeNull();
  });

  it('offers VZ only on macOS 13+ with colima 0.5+, and QEMU on Linux too', () => {
    const old = listColimaVariants({ platform: 'darwin', arch: 'x64', macosVersion: '12.6' }, '0.8.1');
    expect(old.find((v) => v.id === 'vz-sshfs')?.reason).toMatch(/macOS 13 or later/);
    const oldColima = listColimaVariants(
      { platform: 'darwin', arch: 'arm64', macosVersion: '14.5' },
      '0.4.6',
    );
    expect(oldColima.find((v) => v.id === 'vz-virtiofs')?.reason).toMatch(/colima 0\.5\.0 or later/);
    const linux = listColimaVariants({ platform: 'linux', arch: 'x64', macosVersion: null }, '0.8.1');
    expect(linux.filter((v) => v.available).map((v) => v.id)).toEqual(['qemu-sshfs', 'qemu-9p']);
  });

  it('reads what colima status reports', () => {
    expect(vmTypeFromDriver('macOS Virtualization.Framework')).toBe('vz');
    expect(vmTypeFromDriver('QEMU')).toBe('qemu');
    expect(variantFromValues('vz', 'virtiofs').id).toBe('vz-virtiofs');
    expect(variantFromValues('qemu', 'reverse-sshfs').id).toBe('qemu-sshfs');
    expect(variantFromValues('qemu', 'virtiofs')).toEqual({ id: null, label: 'qemu + virtiofs' });
  });
});
