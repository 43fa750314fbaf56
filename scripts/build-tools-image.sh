#!/usr/bin/env bash
# Builds the tools image without any registry: a Debian bookworm tree laid by debootstrap (minbase)
# with the tools the developer workloads call (git, node, npm, fio, php), imported with
# `docker import` and tagged mountbench/tools:offline. For CI and machines that cannot pull or build
# from a registry; select it with MOUNTBENCH_TOOLS_IMAGE=mountbench/tools:offline or
# `mountbench run --tools-image mountbench/tools:offline`.
#
# The tree is cached as a tarball keyed by the suite, mirror and package list, so a second build only
# imports it again. Needs root (debootstrap), the docker CLI and a reachable Debian mirror.
#   MIRROR=http://deb.debian.org/debian   the Debian mirror debootstrap downloads from
#   MOUNTBENCH_TOOLS_CACHE=dir            where the tree tarball is kept (default ~/.cache/mountbench-tools-image)
#   TAG=name:tag                          the tag to give the image (default mountbench/tools:offline)
set -euo pipefail

TAG="${TAG:-mountbench/tools:offline}"
SUITE="bookworm"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
# busybox-static gives the runner its preferred clock (adjtimex, microseconds); the rest are the
# tools the workloads time. Keep this list and resources/tools-image/Dockerfile in step.
PACKAGES="busybox-static git nodejs npm fio php-cli"
# Bump when the way the tree is made changes, so an old cached tree is not reused.
RECIPE_VERSION=1
CACHE_DIR="${MOUNTBENCH_TOOLS_CACHE:-$HOME/.cache/mountbench-tools-image}"

die() {
  echo "build-tools-image: $*" >&2
  exit 1
}

command -v docker >/dev/null 2>&1 || die "the docker CLI is not installed."
if ! docker_error="$(docker info 2>&1 >/dev/null)"; then
  die "cannot reach the Docker engine (${DOCKER_HOST:-default socket}): ${docker_error}"
fi

key="$(printf '%s\n' "$RECIPE_VERSION" "$SUITE" "$MIRROR" "$(uname -m)" "$PACKAGES" | sha256sum | cut -c1-16)"
tarball="$CACHE_DIR/tree-$SUITE-$key.tar"

existing_key="$(docker image inspect --format '{{ index .Config.Labels "mountbench.tools-key" }}' "$TAG" 2>/dev/null || true)"
if [ "$existing_key" = "$key" ]; then
  echo "$TAG is already this recipe ($key); checking it runs."
elif [ -s "$tarball" ]; then
  echo "Reusing the cached tree $tarball"
else
  command -v debootstrap >/dev/null 2>&1 || die "debootstrap is not installed. On Debian or Ubuntu: sudo apt-get install debootstrap."
  [ "$(id -u)" = 0 ] || die "debootstrap needs root; run this script as root (or with sudo)."
  mkdir -p "$CACHE_DIR"
  tree="$(mktemp -d "$CACHE_DIR/tree.XXXXXX")"
  # The tree holds device nodes and root-owned files and, while apt runs in it, a mounted /proc:
  # undo both whatever happens.
  trap 'umount "$tree/proc" 2>/dev/null || true; rm -rf "$tree" "$tarball.partial"' EXIT
  echo "Laying a $SUITE minbase tree (from $MIRROR) ..."
  # The downloaded .debs are kept beside the tarball: a rebuild after a package-list change downloads less.
  mkdir -p "$CACHE_DIR/debs"
  debootstrap --variant=minbase --cache-dir="$CACHE_DIR/debs" "$SUITE" "$tree" "$MIRROR"

  # apt, not debootstrap's own resolver, installs the tools: debootstrap cannot configure npm's
  # dependency tree. No recommendations: a smaller image with only what the packages need.
  echo "Installing $PACKAGES ..."
  cp /etc/resolv.conf "$tree/etc/resolv.conf"
  mount -t proc proc "$tree/proc"
  # shellcheck disable=SC2086  # the package list is meant to split into words
  chroot "$tree" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c \
    "apt-get update -q && apt-get install -y -q --no-install-recommends $PACKAGES && apt-get clean"
  umount "$tree/proc"

  # BusyBox's adjtimex reads the kernel clock to the microsecond; the runner looks for it on PATH.
  ln -sf /bin/busybox "$tree/usr/local/bin/adjtimex"
  # Nothing in a benchmark container reads documentation, package lists or caches.
  rm -rf "$tree"/usr/share/doc/* "$tree"/usr/share/man/* "$tree"/usr/share/info/* \
    "$tree"/usr/share/locale/* "$tree"/var/cache/apt/* "$tree"/var/lib/apt/lists/* \
    "$tree"/var/cache/debconf/*-old "$tree"/var/log/*.log "$tree"/dev/*
  # The engine fills /etc/hostname, /etc/hosts and /etc/resolv.conf per container.
  : >"$tree/etc/resolv.conf"

  tar --numeric-owner -C "$tree" -cf "$tarball.partial" .
  mv "$tarball.partial" "$tarball"
  rm -rf "$tree"
  trap - EXIT
fi

if [ "$existing_key" != "$key" ]; then
  echo "Importing $tarball as $TAG ..."
  # The label lets the next build see the tag is already this recipe and skip the import.
  docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["/bin/sh"]' \
    --change "LABEL mountbench.tools-key=$key" \
    --message "mountbench tools image ($SUITE minbase: $PACKAGES)" \
    "$tarball" "$TAG" >/dev/null
fi

# Prove the image runs the tools before anyone benchmarks with it, and print their versions.
if ! versions="$(docker run --rm --network none "$TAG" sh -c '
  set -e
  adjtimex | grep -q tv_usec
  git --version
  echo "node $(node --version)"
  echo "npm $(npm --version)"
  fio --version
  php --version | head -n 1
' 2>&1)"; then
  die "$TAG was built but cannot run its tools: ${versions}"
fi
echo "$versions"
echo "Built $TAG. Use it with MOUNTBENCH_TOOLS_IMAGE=$TAG (or --tools-image $TAG)."
