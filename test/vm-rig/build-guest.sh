#!/usr/bin/env bash
# Builds the VM rig's Linux guest from Debian's own packages (test support, never shipped).
#
# The guest is what a Mac's Docker VM is: a Linux kernel with its own page cache, a Docker Engine
# behind a unix socket, and host folders that reach it only through a share (9p or sshfs). It is
# cached under a folder outside the repository, keyed by a hash of this script (which holds the
# package list and every setting), so a second run on the same machine reuses it and a fresh
# machine builds it from scratch.
#
#   MOUNTBENCH_VM_CACHE   cache folder (default: $XDG_CACHE_HOME or ~/.cache, then mountbench-vm-rig)
#   MOUNTBENCH_VM_MIRROR  Debian mirror (default: the first bookworm URI apt itself uses here)
#
# Prints the guest's folder (holding rootfs.img, vmlinuz, initrd.img, the rig's ssh key) on its last
# line. Needs root (debootstrap, chroot) and debootstrap, e2fsprogs, openssh-client.
set -euo pipefail

SUITE=bookworm
# linux-image-amd64, not -cloud-amd64: the cloud kernel has no 9p. systemd-sysv and udev make a
# normal boot; kmod loads 9p/fuse modules on demand; iproute2 for the network; sshfs for the
# reverse-sshfs share; docker.io is the guest's engine.
PACKAGES="docker.io,openssh-server,sshfs,systemd-sysv,udev,kmod,iproute2,linux-image-amd64"
DISK_SIZE=4G

log() { echo "build-guest: $*" >&2; }
die() {
  log "$*"
  exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"
for tool in debootstrap mkfs.ext4 ssh-keygen sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed"
done

# The mirror apt uses on this machine, so the build goes where the machine's own packages come from
# (deb822 .sources files first, then one-line sources.list entries).
find_mirror() {
  local uri
  uri="$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    awk '{print $2}' | grep -v -e security -e nodesource -e google | head -n 1 || true)"
  if [ -z "$uri" ]; then
    uri="$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk '$3 ~ /^bookworm$/ {print $2}' | head -n 1 || true)"
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}
MIRROR="${MOUNTBENCH_VM_MIRROR:-$(find_mirror)}"

CACHE_ROOT="${MOUNTBENCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mountbench-vm-rig}"
# The key is this script's own text without its comment lines: the package list and every step live
# here, so any change to them builds a new guest, and a reworded comment does not. The mirror is
# left out: the same packages from another mirror are the same guest.
KEY="$(grep -v '^[[:space:]]*#' "$0" | sha256sum | cut -c1-16)"
OUT="$CACHE_ROOT/guest-$KEY"

if [ -f "$OUT/complete" ]; then
  log "cached guest $KEY"
  echo "$OUT"
  exit 0
fi

mkdir -p "$CACHE_ROOT"
# One build at a time: the check starts one early (scripts/run-test-suites.sh) and the VM suite's
# first file asks again; the second waits for the first and takes its guest.
exec 9>"$CACHE_ROOT/build-$KEY.lock"
flock 9
if [ -f "$OUT/complete" ]; then
  log "cached guest $KEY (built while this waited)"
  echo "$OUT"
  exit 0
fi
WORK="$(mktemp -d "$CACHE_ROOT/build-$KEY.XXXXXX")"
ROOT="$WORK/root"
cleanup() {
  for m in proc sys dev; do umount "$ROOT/$m" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

started=$SECONDS
log "debootstrap $SUITE from $MIRROR ($PACKAGES)"
nice -n 10 debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$ROOT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
  {
    tail -n 40 "$WORK/debootstrap.log" >&2
    die "debootstrap failed"
  }
log "debootstrap took $((SECONDS - started)) s"

# The rig's own key: the host logs in to the guest with it (engine socket, commands), and the guest
# has nothing of the host's.
mkdir -p "$WORK/key"
ssh-keygen -q -t ed25519 -N '' -C mountbench-vm-rig -f "$WORK/key/id_ed25519"
install -d -m 700 "$ROOT/root/.ssh"
install -m 600 "$WORK/key/id_ed25519.pub" "$ROOT/root/.ssh/authorized_keys"

echo mountbench-vm >"$ROOT/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 mountbench-vm\n' >"$ROOT/etc/hosts"
printf '/dev/vda / ext4 rw,relatime 0 1\n' >"$ROOT/etc/fstab"
# QEMU's user networking hands out 10.0.2.15 by DHCP and answers DNS at 10.0.2.3.
mkdir -p "$ROOT/etc/systemd/network"
printf '[Match]\nName=en* eth*\n\n[Network]\nDHCP=ipv4\n' >"$ROOT/etc/systemd/network/10-user.network"
printf 'nameserver 10.0.2.3\n' >"$ROOT/etc/resolv.conf"
# Root logs in by key only; no password is set at all.
printf 'PermitRootLogin prohibit-password\nPasswordAuthentication no\nUseDNS no\n' \
  >"$ROOT/etc/ssh/sshd_config.d/mountbench-vm.conf"
# The guest's engine starts at boot (docker.io's postinst enabled it); networkd brings up the NIC.
chroot "$ROOT" systemctl enable systemd-networkd.service ssh.service docker.service >/dev/null 2>&1
# Host keys made in the build would be the same for every boot of this guest; that is fine for a
# test rig and saves a key generation on each (slow, emulated) boot.
# 9p and fuse load on demand; listing them makes the first mount not wait on udev.
printf '9p\n9pnet_virtio\nfuse\n' >"$ROOT/etc/modules-load.d/mountbench-vm.conf"
# Nothing in the guest needs a login prompt on the serial console except a human debugging it.
chroot "$ROOT" systemctl mask getty@tty1.service >/dev/null 2>&1 || true
rm -f "$ROOT"/var/cache/apt/archives/*.deb

kernel="$(ls "$ROOT"/boot/vmlinuz-* | sort -V | tail -n 1)"
initrd="$(ls "$ROOT"/boot/initrd.img-* | sort -V | tail -n 1)"
[ -f "$kernel" ] && [ -f "$initrd" ] || die "no kernel or initrd in the guest's /boot"
cp "$kernel" "$WORK/vmlinuz"
cp "$initrd" "$WORK/initrd.img"
chmod 644 "$WORK/vmlinuz" "$WORK/initrd.img"

disk_started=$SECONDS
nice -n 10 mkfs.ext4 -q -F -E root_owner=0:0 -L mountbench-vm -d "$ROOT" "$WORK/rootfs.img" "$DISK_SIZE" >/dev/null 2>&1
log "disk image took $((SECONDS - disk_started)) s"

for m in proc sys dev; do umount "$ROOT/$m" 2>/dev/null || true; done
rm -rf "$ROOT"
mkdir -p "$OUT"
mv "$WORK/vmlinuz" "$WORK/initrd.img" "$WORK/rootfs.img" "$WORK/key/id_ed25519" "$WORK/key/id_ed25519.pub" "$OUT/"
printf 'mirror=%s\npackages=%s\nbuilt_seconds=%s\n' "$MIRROR" "$PACKAGES" "$((SECONDS - started))" >"$OUT/complete"
log "guest $KEY built in $((SECONDS - started)) s"
echo "$OUT"
