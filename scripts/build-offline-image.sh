#!/usr/bin/env bash
# Builds the bench image without any registry: FROM scratch plus Debian's static BusyBox, tagged
# mountbench/bench:offline. For machines that cannot pull images (CI, air-gapped hosts); select it
# with MOUNTBENCH_IMAGE=mountbench/bench:offline or `mountbench run --image mountbench/bench:offline`.
#
# Safe to run again: the build is cached by Docker and the tag simply moves to the new image.
#   BUSYBOX=/path/to/static/busybox   use another static BusyBox binary (default /bin/busybox)
set -euo pipefail

TAG="mountbench/bench:offline"
BUSYBOX="${BUSYBOX:-/bin/busybox}"
# What the workload scripts call; BusyBox builds without one of these would fail only mid-run.
REQUIRED_APPLETS="sh find xargs cat dd awk stat cp mkdir rm touch adjtimex"

die() {
  echo "build-offline-image: $*" >&2
  exit 1
}

if [ ! -e "$BUSYBOX" ]; then
  die "$BUSYBOX not found. On Debian or Ubuntu: sudo apt-get install busybox-static (or set BUSYBOX=/path/to/a/static/busybox)."
fi
if [ ! -x "$BUSYBOX" ]; then
  die "$BUSYBOX is not executable."
fi

# A dynamically linked BusyBox (Debian's plain `busybox` package) cannot run in a FROM scratch
# image: there is no libc in it.
if command -v file >/dev/null 2>&1; then
  description="$(file -L "$BUSYBOX")"
  case "$description" in
    *"statically linked"* | *"static-pie linked"*) ;;
    *) die "$BUSYBOX is not statically linked ($description). Install busybox-static, not busybox." ;;
  esac
elif command -v ldd >/dev/null 2>&1; then
  if ldd "$BUSYBOX" >/dev/null 2>&1; then
    die "$BUSYBOX is dynamically linked (ldd lists libraries). Install busybox-static, not busybox."
  fi
else
  echo "build-offline-image: neither file nor ldd is installed; assuming $BUSYBOX is static." >&2
fi

applets="$("$BUSYBOX" --list)"
for applet in $REQUIRED_APPLETS; do
  if ! grep -qx "$applet" <<<"$applets"; then
    die "$BUSYBOX has no '$applet' applet, which the workloads need."
  fi
done

command -v docker >/dev/null 2>&1 || die "the docker CLI is not installed."
if ! docker_error="$(docker info 2>&1 >/dev/null)"; then
  die "cannot reach the Docker engine (${DOCKER_HOST:-default socket}): ${docker_error}"
fi

context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
cp "$BUSYBOX" "$context/busybox"
cat >"$context/Dockerfile" <<'DOCKERFILE'
FROM scratch
COPY busybox /bin/busybox
RUN ["/bin/busybox", "--install", "-s", "/bin"]
DOCKERFILE

echo "Building $TAG from $BUSYBOX ..."
docker build --tag "$TAG" "$context"

# Prove the image runs before anyone benchmarks with it.
if ! output="$(docker run --rm --network none "$TAG" sh -c 'echo ok')" || [ "$output" != "ok" ]; then
  die "$TAG was built but cannot run a shell (got: ${output:-nothing})."
fi
echo "Built $TAG. Use it with MOUNTBENCH_IMAGE=$TAG (or --image $TAG)."
