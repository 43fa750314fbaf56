// QEMU's command line for the rig's guest: TCG (this machine's KVM is PVM and hangs a stock Debian
// kernel), the guest's kernel and initrd straight from its /boot, user networking with only sshd
// forwarded to the host's loopback, and a 9p device when the share is 9p.
import type { Guest } from './build-guest';

export type NinePCache = 'none' | 'loose' | 'fscache' | 'mmap';

export type GuestShare =
  | {
      kind: '9p';
      /** The host folder; the guest mounts it at the same path, as Lima does. */
      hostPath: string;
      /** The 9p packet payload in bytes (Lima's default is 128 KiB). */
      msize?: number;
      /** The guest's 9p cache mode (Lima's default for a writable mount is mmap). */
      cache?: NinePCache;
    }
  | { kind: 'reverse-sshfs'; hostPath: string };

/** The 9p mount tag the guest mounts; one share per rig. */
export const NINEP_TAG = 'mountbench0';

export function qemuArgs(opts: {
  guest: Guest;
  overlay: string;
  sshPort: number;
  console: string;
  ninep: Extract<GuestShare, { kind: '9p' }> | undefined;
  memoryMiB: number;
  /** Virtual CPUs. */
  cpus: number;
  /** QEMU's human monitor, on a unix socket (qemu-monitor.ts). */
  monitorSocket: string;
  /** An internal snapshot of the overlay to resume instead of booting (vm-rig.ts, resumes). */
  loadvm?: string;
}): string[] {
  const args = [
    '-accel',
    'tcg,thread=multi',
    '-cpu',
    'max',
    '-smp',
    String(opts.cpus),
    '-m',
    String(opts.memoryMiB),
    '-kernel',
    opts.guest.kernel,
    '-initrd',
    opts.guest.initrd,
    // AppArmor off: the guest has no apparmor_parser, and with AppArmor on dockerd refuses to
    // start containers.
    '-append',
    'root=/dev/vda rw console=ttyS0 apparmor=0 quiet',
    '-drive',
    `file=${opts.overlay},if=virtio,format=qcow2,discard=unmap`,
    '-netdev',
    `user,id=net0,hostfwd=tcp:127.0.0.1:${opts.sshPort}-:22`,
    '-device',
    'virtio-net-pci,netdev=net0',
    '-display',
    'none',
    '-monitor',
    `unix:${opts.monitorSocket},server,nowait`,
    '-serial',
    `file:${opts.console}`,
    '-no-reboot',
  ];
  if (opts.loadvm) args.push('-loadvm', opts.loadvm);
  if (opts.ninep) {
    // mapped-xattr is Lima's default security model for 9p (docs/mount.md in lima-vm/lima).
    args.push(
      '-virtfs',
      `local,path=${opts.ninep.hostPath},mount_tag=${NINEP_TAG},security_model=mapped-xattr,id=${NINEP_TAG}`,
    );
  }
  return args;
}
