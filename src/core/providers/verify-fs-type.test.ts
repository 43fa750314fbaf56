import { describe, expect, it } from 'vitest';
import { verifyFsType } from './verify-fs-type';

describe('verifyFsType', () => {
  it('accepts an expected filesystem', () => {
    expect(verifyFsType('VZ + VirtioFS', ['virtiofs', 'fakeowner'], 'fakeowner', 'VirtioFS')).toEqual({
      ok: true,
      reported: 'VirtioFS',
    });
  });
  it('refuses another one, saying whose figures they would be', () => {
    expect(verifyFsType('QEMU + 9p', ['9p'], 'ext4', 'qemu/9p')).toEqual({
      ok: false,
      reported: 'qemu/9p',
      message:
        "the bind mount is on ext4, but QEMU + 9p serves bind mounts as 9p: the figures would not be QEMU + 9p's.",
    });
  });
  it('refuses a missing observation, and checks nothing where nothing is expected', () => {
    expect(verifyFsType('x', ['9p'], null, null).ok).toBe(false);
    expect(verifyFsType('as is', [], 'virtiofs', null).ok).toBe(true);
  });
});
