// The guest-side commands that mount the rig's share, in one place so tests can read what was run.
import { NINEP_TAG, type GuestShare } from './qemu-args';

/** Where hosts keep OpenSSH's SFTP server (Debian's openssh-sftp-server, then macOS, then others). */
export const SFTP_SERVER_CANDIDATES = [
  '/usr/lib/openssh/sftp-server',
  '/usr/libexec/sftp-server',
  '/usr/libexec/openssh/sftp-server',
];

/** Paths go into a guest shell line: only plain absolute paths are allowed, nothing to quote. */
function plainPath(path: string): string {
  if (!/^\/[A-Za-z0-9._/-]*$/.test(path))
    throw new Error(`not a plain absolute path: ${JSON.stringify(path)}`);
  return path;
}

export function guestMountCommand(share: Extract<GuestShare, { kind: '9p' }>): string {
  const msize = share.msize ?? 131072;
  if (!Number.isInteger(msize) || msize < 4096) throw new Error(`bad 9p msize ${msize}`);
  const options = ['trans=virtio', 'version=9p2000.L', `msize=${msize}`, `cache=${share.cache ?? 'mmap'}`];
  const path = plainPath(share.hostPath);
  return `mkdir -p ${path} && mount -t 9p -o ${options.join(',')} ${NINEP_TAG} ${path}`;
}

/**
 * The guest's half of reverse-sshfs, as lima-vm/sshocker runs it (pkg/reversesshfs): `sshfs` in
 * slave mode talks SFTP over its own stdin/stdout, which the ssh session joins to the host's server.
 */
export function reverseSshfsCommand(share: Extract<GuestShare, { kind: 'reverse-sshfs' }>): string {
  const path = plainPath(share.hostPath);
  return `sshfs :${path} ${path} -o slave`;
}
