#!/bin/sh
# Runs a command with fake product CLIs first on PATH: `colima`, `limactl` and `krunkit` that exit 1
# and print nothing (as a broken or foreign install would), beside whatever real `qemu-img` and
# `podman` the machine has. Every stand-in sandbox builds its own PATH (host-path.ts), so each suite
# must pass the same with and without them; issue 21 asks for both machines.
#   test/stand-ins/with-fake-product-tools.sh npx vitest run --project 'unit*'
set -eu
fake=$(mktemp -d "${TMPDIR:-/tmp}/mb-fake-products-XXXXXX")
trap 'rm -rf "$fake"' EXIT INT TERM
for tool in colima limactl krunkit; do
  printf '#!/bin/sh\nexit 1\n' > "$fake/$tool"
  chmod 755 "$fake/$tool"
done
PATH="$fake:$PATH"
export PATH
echo "with fake colima, limactl, krunkit first on PATH; on it too: $(for t in qemu-img podman; do command -v "$t" >/dev/null 2>&1 && printf '%s ' "$t"; done)" >&2
"$@"
