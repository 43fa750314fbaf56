#!/usr/bin/env bash
# `npm test`: type-check, lint and build, then every suite, arranged so a 2-core machine is kept
# busy (docs/development.md, "The full check's time"):
#
#   from the start     the VM guest's build (debootstrap), in the background
#   1. typecheck and lint side by side, then the build (the bundles every later step starts from)
#   2. the VM suite, in the background (niced: its waits are load-scaled, test/vm-rig)
#   3. the unit projects, alone in the foreground (CI: with decoy product CLIs first on PATH,
#      the first half of scripts/check-path-isolation.sh)
#   4. the integration project (three files at a time) with the Playwright flows beside it, and,
#      when MOUNTBENCH_PATH_ISOLATION=run (CI), the unit project again with no product CLI on
#      PATH (the check's second half), niced, in the background
#   5. every background suite joined, its output printed, its exit status counted
#
# Each runner's wall and CPU time is printed as it ends; each runner's exit status goes to
# test-results/suite-exits.json, and scripts/test-summary.mjs reads the reports and prints the
# slowest files and the closing counts.
#
#   MOUNTBENCH_VM_SUITE=skip        leave the VM suite out (it needs root, qemu-system-x86,
#                                   qemu-utils, debootstrap and OpenSSH; docs/development.md)
#   MOUNTBENCH_VM_SUITE=only        the build and the VM suite alone: the half of a check split
#                                   over two machines whose other half runs with =skip (on two
#                                   cores the check's time follows its CPU, and QEMU's is a
#                                   quarter of it: docs/development.md, "The full check's time")
#   MOUNTBENCH_PATH_ISOLATION=run   also run the path isolation check (CI sets it)
set -uo pipefail

cd "$(dirname "$0")/.."
rm -rf test-results
mkdir -p test-results

# shellcheck source=step-line.sh
. scripts/step-line.sh
step() { step_line "$*"; }
# `time`'s line for each runner: wall, and the CPU of the runner and every child it waited for.
TIMEFORMAT='    took %0R s of wall time, %0U s user + %0S s system CPU'

vm_on=1
if [ "${MOUNTBENCH_VM_SUITE:-run}" = skip ]; then vm_on=0; fi
vm_only=0
if [ "${MOUNTBENCH_VM_SUITE:-run}" = only ]; then vm_only=1; fi
path_on=0
if [ "${MOUNTBENCH_PATH_ISOLATION:-skip}" = run ]; then path_on=1; fi

# Background work, each in its own process group, stopped whole if this script is stopped.
bg_pids=()
# shellcheck disable=SC2317  # called through the traps
stop_background() {
  local pid
  for pid in "${bg_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
}
trap 'stop_background; exit 130' INT TERM

# The guest's build is minutes of downloads and package scripts: begun first, it is done (or
# nearly) when the VM suite asks for it; build-guest.sh lets one build run at a time.
if [ "$vm_on" = 1 ]; then
  step "VM guest build started in the background (log: test-results/vm-guest.log)"
  setsid bash test/vm-rig/build-guest.sh >test-results/vm-guest.log 2>&1 &
  bg_pids+=($!)
fi

if [ "$vm_only" = 1 ]; then
  # The other machine types, lints and runs every other suite; the VM suite needs the build only.
  step "build (MOUNTBENCH_VM_SUITE=only: the VM suite alone, the other suites run elsewhere)"
  if ! npm run --silent build; then
    echo "the build failed: no test was run" >&2
    stop_background
    exit 1
  fi
  step "VM suite"
  time npx vitest run --project vm --reporter=default --reporter=json --outputFile.json=test-results/vitest-vm.json
  vm=$?
  step "VM suite ended"
  printf '{"unit": null, "integration": null, "playwright": null, "vm": %s, "path-isolation": null}\n' \
    "$vm" >test-results/suite-exits.json
  [ "$vm" = 0 ] || exit 1
  exit 0
fi

step "typecheck and lint"
npm run --silent lint >test-results/lint.log 2>&1 &
lint_pid=$!
npm run --silent typecheck
typecheck=$?
wait "$lint_pid"
lint=$?
cat test-results/lint.log
if [ "$typecheck" != 0 ] || [ "$lint" != 0 ]; then
  echo "typecheck (exit $typecheck) or lint (exit $lint) failed: no test was run" >&2
  stop_background
  exit 1
fi
step "build"
if ! npm run --silent build; then
  echo "the build failed: no test was run" >&2
  stop_background
  exit 1
fi

vm_pid=""
if [ "$vm_on" = 1 ]; then
  step "VM suite started in the background (log: test-results/vm.log)"
  setsid nice -n 5 bash -c "TIMEFORMAT='$TIMEFORMAT'; time npx vitest run --project vm --reporter=default \
    --reporter=json --outputFile.json=test-results/vitest-vm.json" >test-results/vm.log 2>&1 &
  vm_pid=$!
  bg_pids+=("$vm_pid")
else
  echo "==> VM suite skipped (MOUNTBENCH_VM_SUITE=skip)"
fi

UNIT_RUN=(--project unit --project unit-renderer --reporter=default --reporter=json
  --outputFile.json=test-results/vitest-unit.json)
if [ "$path_on" = 1 ]; then
  # The path isolation check's first half is this run: the same tests with decoy product CLIs
  # first on PATH pass only if none reaches the host's (a third run of the unit projects saved).
  step "unit projects, with decoy product CLIs first on PATH (the path isolation check's decoys run)"
  time CHECK_PATH_MODES=decoys scripts/check-path-isolation.sh "${UNIT_RUN[@]}"
else
  step "unit projects"
  time npx vitest run "${UNIT_RUN[@]}"
fi
unit=$?

# The flows need the engine and the build, not the other suites: they start beside integration.
step "integration project, with the Playwright flows beside it (log: test-results/e2e.log)"
setsid bash -c "TIMEFORMAT='$TIMEFORMAT'; time npx playwright test -c e2e/playwright.config.ts" \
  >test-results/e2e.log 2>&1 &
e2e_pid=$!
bg_pids+=("$e2e_pid")

path_pid=""
if [ "$path_on" = 1 ]; then
  # Its second half, with none of the product CLIs on PATH (the decoys run was the unit step's).
  # The `unit` project only: the renderer's code cannot import Node (tsconfig.web.json, the lint's
  # layer rules), so none of it can look for a program on PATH. Niced, one worker, generous hang
  # guards: it only has to pass, and it fills what the other suites leave of the machine.
  setsid nice -n 10 bash -c "TIMEFORMAT='$TIMEFORMAT'; time CHECK_PATH_MODES=none scripts/check-path-isolation.sh \
    --project unit --reporter=dot --maxWorkers=1 --testTimeout=180000 --hookTimeout=180000" \
    >test-results/path-isolation.log 2>&1 &
  path_pid=$!
  bg_pids+=("$path_pid")
fi

time npx vitest run --project integration --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-integration.json
integration=$?

join_background() {
  local name=$1 pid=$2 log=$3
  step "waiting for $name"
  wait "$pid"
  local code=$?
  step "$name (exit $code):"
  cat "$log"
  return "$code"
}
join_background "the Playwright flows" "$e2e_pid" test-results/e2e.log
e2e=$?
path=null
if [ -n "$path_pid" ]; then
  join_background "the path isolation check" "$path_pid" test-results/path-isolation.log
  path=$?
fi
vm=null
if [ -n "$vm_pid" ]; then
  join_background "the VM suite" "$vm_pid" test-results/vm.log
  vm=$?
fi
step "all suites ended"

# Each runner's exit status, for scripts/test-summary.mjs: a runner can fail with every test
# passed (Vitest's unhandled errors are in no test's result), and the summary must not say 0 failed.
printf '{"unit": %s, "integration": %s, "playwright": %s, "vm": %s, "path-isolation": %s}\n' \
  "$unit" "$integration" "$e2e" "$vm" "$path" >test-results/suite-exits.json

for code in "$unit" "$integration" "$e2e" "$vm" "$path"; do
  [ "$code" = null ] || [ "$code" = 0 ] || exit 1
done
exit 0
