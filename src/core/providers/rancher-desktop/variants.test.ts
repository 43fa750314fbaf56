import { describe, expect, it } from 'vitest';
import { listRancherDesktopVariants } from './variants';

const host = (arch: string, macosVersion: string | null, platform = 'darwin') => ({
  platform,
  arch,
  macosVersion,
});

describe('Rancher Desktop variants', () => {
  it('offers all six on a recent Apple silicon Mac', () => {
    const list = listRancherDesktopVariants(host('arm64', '14.5'), undefined);
    expect(list.map((v) => [v.id, v.available])).toEqual([
      ['qemu-reverse-sshfs', true],
      ['qemu-9p-128k', true],
      ['qemu-9p-512k', true],
      ['qemu-9p-128k-fscache', true],
      ['vz-reverse-sshfs', true],
      ['vz-virtiofs', true],
    ]);
    expect(list.find((v) => v.id === 'vz-virtiofs')?.expectedFsTypes).toEqual(['virtiofs']);
  });

  it('needs macOS 13.3 for VZ on Apple silicon but 13.0 on Intel', () => {
    const arm = listRancherDesktopVariants(host('arm64', '13.2'), undefined).find(
      (v) => v.id === 'vz-virtiofs',
    );
    expect(arm).toMatchObject({
      available: false,
      reason: 'VZ needs macOS 13.3 or later on Apple silicon (this Mac runs 13.2)',
    });
    const intel = listRancherDesktopVariants(host('x64', '13.2'), undefined).find(
      (v) => v.id === 'vz-virtiofs',
    );
    expect(intel?.available).toBe(true);
  });

  it('says why nothing is available off macOS or for an unknown product version', () => {
    expect(
      listRancherDesktopVariants(host('x64', null, 'linux'), undefined).every(
        (v) => !v.available && v.reason,
      ),
    ).toBe(true);
    const newer = listRancherDesktopVariants(host('arm64', '14.5'), 'too new');
    expect(newer.every((v) => v.reason === 'too new')).toBe(true);
  });
});
