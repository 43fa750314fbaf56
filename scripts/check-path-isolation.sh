#!/usr/bin/env bash
# Runs the given Vitest selection twice, to show the tests never depend on what else the machine
# has installed (issue 21): once with decoy `qemu-img`, `colima`, `limactl`, `podman` and `krunkit`
# first on PATH, once with a PATH from which all five are gone. Every stand-in sandbox builds its own
# PATH (test/stand-ins/host-path.ts), so both runs must pass as a plain run does.
#
#   scripts/check-path-isolation.sh --project 'unit*'
#   MOUNTBENCH_IMAGE=mountbench/bench:offline MOUNTBENCH_TOOLS_IMAGE=mountbench/tools:offline \
#     scripts/check-path-isolation.sh --project integration test/integration/colima-orbstack-provider.test.ts
#
# The arguments go to `npx vitest run` as they are. CHECK_PATH_MODES picks the runs (default
# "decoys none"). A decoy answers `--version`, `-v` and `version` with a version line and exit 0, as
# an installed but unrelated copy would, and refuses everything else (exit 1, saying so): a test
# that reaches the host's tool instead of its stand-in sees a product that is there but broken.
# The real Podman engine some integration tests serve (test/integration/podman-engine.ts) is test
# equipment, like dockerd, not the product: it is handed over by absolute path
# (MOUNTBENCH_TEST_PODMAN), taken from the PATH this script started with.
set -uo pipefail

cd "$(dirname "$0")/.."

TOOLS=(qemu-img colima limactl podman krunkit)
MODES=${CHECK_PATH_MODES:-decoys none}

if [ -z "${MOUNTBENCH_TEST_PODMAN:-}" ] && real_podman=$(command -v podman); then
  export MOUNTBENCH_TEST_PODMAN="$real_podman"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/mb-path-check-XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# The five as an installed but unrelated tool would answer.
decoys="$work/decoys"
mkdir "$decoys"
for tool in "${TOOLS[@]}"; do
  cat >"$decoys/$tool" <<EOF
#!/bin/sh
case "\${1:-}" in
  --version | -v | version) echo "$tool version 99.0.0 (decoy: the host's own install, not a stand-in)"; exit 0 ;;
esac
echo "decoy $tool: a test reached the host's $tool instead of its own stand-in: $tool \$*" >&2
exit 1
EOF
  chmod 755 "$decoys/$tool"
done

# PATH with none of the five: a folder holding one of them is replaced by a folder of links to its
# other entries (on a merged /usr, /bin and /usr/bin are both replaced).
has_tool() {
  local dir=$1 tool
  for tool in "${TOOLS[@]}"; do [ -e "$dir/$tool" ] && return 0; done
  return 1
}
none_path=""
n=0
IFS=: read -r -a dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -n "$dir" ] || continue
  if [ -d "$dir" ] && has_tool "$dir"; then
    n=$((n + 1))
    shadow="$work/shadow-$n"
    mkdir "$shadow"
    for entry in "$dir"/* "$dir"/.[!.]*; do
      [ -e "$entry" ] || [ -L "$entry" ] || continue
      name=${entry##*/}
      case " ${TOOLS[*]} " in *" $name "*) continue ;; esac
      ln -s "$entry" "$shadow/$name"
    done
    dir=$shadow
  fi
  none_path="${none_path:+$none_path:}$dir"
done

status=0
summary=""
for mode in $MODES; do
  case "$mode" in
    decoys) run_path="$decoys:$PATH" ;;
    none) run_path="$none_path" ;;
    *)
      echo "unknown mode $mode (decoys, none)" >&2
      exit 2
      ;;
  esac
  found=""
  for tool in "${TOOLS[@]}"; do
    where=$(PATH="$run_path" command -v "$tool") && found="$found $tool=$where"
  done
  echo "==> $mode: on PATH:${found:- none of ${TOOLS[*]}}"
  PATH="$run_path" npx vitest run "$@"
  code=$?
  summary="$summary
  $mode: exit $code"
  [ "$code" = 0 ] || status=1
done
echo "==> path isolation:$summary"
exit "$status"
