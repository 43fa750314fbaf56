// A Lima instance started on reverse-sshfs and again on 9p resumes one saved guest: the rig
// exports the instance's 9p device whatever its mount type, so both starts have the same devices.
import { describe, expect, it } from 'vitest';
import { ninePDeviceFor, sharesFor } from './lima-hostagent';
import { ninePDeviceOf, savedGuestTag } from './vm-rig';

const mounts = [{ location: '/home/u', mountPoint: '/home/u', '9p': { msize: '128KiB', cache: 'mmap' } }];
const tagOf = (mountType: string, device: string | undefined) =>
  savedGuestTag(ninePDeviceOf(sharesFor({ mountType, mounts }), device), 1536);

describe('the saved guest a start resumes', () => {
  it('is the same for an instance on reverse-sshfs and on 9p, with its 9p device always there', () => {
    const device = ninePDeviceFor({ mounts });
    expect(device).toBe('/home/u');
    expect(tagOf('9p', device)).toBe(tagOf('reverse-sshfs', device));
  });

  it('differs without the device (a second TCG boot), and for another memory size', () => {
    expect(tagOf('9p', undefined)).not.toBe(tagOf('reverse-sshfs', undefined));
    const device = ninePDeviceOf([], '/home/u');
    expect(savedGuestTag(device, 1536)).not.toBe(savedGuestTag(device, 2048));
  });

  it('refuses a 9p share of another folder than the device', () => {
    expect(() => ninePDeviceOf([{ kind: '9p', hostPath: '/elsewhere' }], '/home/u')).toThrow(/9p device/);
  });
});
