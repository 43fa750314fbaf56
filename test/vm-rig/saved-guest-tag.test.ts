// Every rig's guest has the same devices for a memory size and CPU count (a 9p device always, exporting an empty
// folder when nothing is shared by 9p), so one saved guest serves every start: a Lima instance on
// reverse-sshfs and on 9p, the boundary file's guest, the NFS file's.
import { describe, expect, it } from 'vitest';
import { ninePDeviceFor, sharesFor } from './lima-hostagent';
import { bootedDiskPath, ninePDeviceOf, savedGuestTag } from './vm-rig';

const mounts = [{ location: '/home/u', mountPoint: '/home/u', '9p': { msize: '128KiB', cache: 'mmap' } }];

describe('the saved guest a start resumes', () => {
  it('is exported as a 9p device whatever the mount type, and an empty folder when nothing is shared', () => {
    const device = ninePDeviceFor({ mounts });
    expect(device).toBe('/home/u');
    expect(ninePDeviceOf(sharesFor({ mountType: '9p', mounts }), device, '/empty').hostPath).toBe('/home/u');
    expect(ninePDeviceOf(sharesFor({ mountType: 'reverse-sshfs', mounts }), device, '/empty').hostPath).toBe(
      '/home/u',
    );
    expect(ninePDeviceOf([{ kind: 'reverse-sshfs', hostPath: '/a' }], undefined, '/empty').hostPath).toBe(
      '/empty',
    );
  });

  it('is one per memory size and CPU count, kept beside the guest image it was booted from', () => {
    expect(savedGuestTag(1536, 1)).toBe(savedGuestTag(1536, 1));
    expect(savedGuestTag(1536, 1)).not.toBe(savedGuestTag(2048, 1));
    expect(savedGuestTag(1536, 1)).not.toBe(savedGuestTag(1536, 2));
    expect(bootedDiskPath({ dir: '/cache/guest-1' }, savedGuestTag(1536, 1))).toBe(
      `/cache/guest-1/${savedGuestTag(1536, 1)}.qcow2`,
    );
  });

  it('refuses a 9p share of another folder than the device', () => {
    expect(() => ninePDeviceOf([{ kind: '9p', hostPath: '/elsewhere' }], '/home/u', '/empty')).toThrow(
      /9p device/,
    );
  });
});
