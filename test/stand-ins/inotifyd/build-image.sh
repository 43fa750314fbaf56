#!/usr/bin/env bash
# Test-only: the offline bench image plus a static inotifyd STAND-IN (inotifyd.c beside this
# script), tagged mountbench/bench:offline-inotifyd. Debian's busybox-static has no inotifyd applet,
# so sync-latency's in-container watcher never runs on the offline image; with this one it does, and
# tests can see it fire (a native bind mount) or not (across a VM). Never shipped, never the default.
#
# Cached: when the tag already carries a label naming this source's hash and the base image's id,
# nothing is compiled or built. Needs gcc and the C library's static archive (Debian: gcc libc6-dev).
#   BASE=image   the image to add inotifyd to (default mountbench/bench:offline)
#   TAG=image    the tag to give the result (default mountbench/bench:offline-inotifyd)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
BASE="${BASE:-mountbench/bench:offline}"
TAG="${TAG:-mountbench/bench:offline-inotifyd}"

die() {
  echo "build-inotifyd-image: $*" >&2
  exit 1
}

command -v gcc >/dev/null 2>&1 || die "gcc is not installed (Debian: apt-get install gcc libc6-dev)."
base_id="$(docker image inspect --format '{{.Id}}' "$BASE" 2>/dev/null)" ||
  die "$BASE is not on this engine (build it first: bash scripts/build-offline-image.sh)."
source_hash="$(sha256sum "$here/inotifyd.c" | cut -c1-16)"
stamp="$source_hash $base_id"
if [ "$(docker image inspect --format '{{index .Config.Labels "mountbench.inotifyd-standin"}}' "$TAG" 2>/dev/null)" = "$stamp" ]; then
  echo "$TAG is up to date (inotifyd.c $source_hash on $BASE)."
  exit 0
fi

context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
# Static: the base image is FROM scratch, with no C library in it.
gcc -static -O2 -Wall -Wextra -Werror -o "$context/inotifyd" "$here/inotifyd.c" ||
  die "compiling the stand-in failed (is libc6-dev installed? gcc -static needs libc.a)."
cat >"$context/Dockerfile" <<DOCKERFILE
FROM $BASE
COPY inotifyd /bin/inotifyd
LABEL mountbench.inotifyd-standin="$stamp"
DOCKERFILE
echo "Building $TAG ($BASE plus the inotifyd stand-in) ..."
docker build --quiet --tag "$TAG" "$context" >/dev/null

# The image must be able to watch before a test relies on it: a write to a watched folder prints "w".
got="$(docker run --rm --network none "$TAG" sh -c \
  'mkdir -p /tmp/w && (inotifyd - /tmp/w:w > /tmp/ev &) && sleep 0.3 && echo x > /tmp/w/f && sleep 0.3 && cat /tmp/ev')"
[ "$got" = "$(printf 'w\t/tmp/w\tf')" ] || die "$TAG was built but its inotifyd did not report a write (got: ${got:-nothing})."
echo "Built $TAG."
