import { describe, expect, it } from 'vitest';
import { fsTypeForPath, fsTypeFromDarwinMount } from './proc-mounts';

const CONTAINER_MOUNTS = `overlay / overlay rw,relatime,lowerdir=/a,upperdir=/b,workdir=/c 0 0
proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
tmpfs /dev tmpfs rw,nosuid,size=65536k,mode=755 0 0
/dev/vda /bench ext4 rw,relatime 0 0
bindfs /bench/fuse\\040share fuse rw,nosuid,nodev,relatime,user_id=0,group_id=0 0 0
tmpfs /benchmark tmpfs rw 0 0
`;

describe('fsTypeForPath', () => {
  it('takes the longest mount point that contains the path', () => {
    expect(fsTypeForPath(CONTAINER_MOUNTS, '/bench/dd-write')).toBe('ext4');
    expect(fsTypeForPath(CONTAINER_MOUNTS, '/bench/fuse share/x')).toBe('fuse');
    expect(fsTypeForPath(CONTAINER_MOUNTS, '/tmp/x')).toBe('overlay');
  });
  it('does not take a mount point that only shares a name prefix', () => {
    expect(fsTypeForPath(CONTAINER_MOUNTS, '/benchmarks')).toBe('overlay');
    expect(fsTypeForPath(CONTAINER_MOUNTS, '/benchmark/a')).toBe('tmpfs');
  });
  it('lets a later mount on the same point win', () => {
    expect(fsTypeForPath('a / ext4 rw 0 0\nb /x tmpfs rw 0 0\nc /x fuse.sshfs rw 0 0\n', '/x/y')).toBe(
      'fuse.sshfs',
    );
  });
  it('returns null for an empty listing', () => {
    expect(fsTypeForPath('', '/x')).toBeNull();
  });
});

describe('fsTypeFromDarwinMount', () => {
  const MAC = `/dev/disk3s1s1 on / (apfs, sealed, local, read-only, journaled)
devfs on /dev (devfs, local, nobrowse)
/dev/disk3s5 on /System/Volumes/Data (apfs, local, journaled, nobrowse, protect)
map auto_home on /System/Volumes/Data/home (autofs, automounted, nobrowse)`;
  it('reads the type in parentheses of the deepest mount', () => {
    expect(fsTypeFromDarwinMount(MAC, '/System/Volumes/Data/Users/a')).toBe('apfs');
    expect(fsTypeFromDarwinMount(MAC, '/System/Volumes/Data/home/x')).toBe('autofs');
    expect(fsTypeFromDarwinMount(MAC, '/Users/a')).toBe('apfs');
  });
});
