#!/usr/bin/env bash
# The test part of `npm test`: the VM suite (test/vm, a QEMU guest: minutes of emulated boot and
# share traffic, little of it waiting on the other suites) starts in the background first, then the
# unit and integration projects and the Playwright flows run as before; the VM suite is joined at
# the end, its output printed, and its exit status counted with theirs.
#
#   MOUNTBENCH_VM_SUITE=skip   leave the VM suite out (it needs root, qemu-system-x86, qemu-utils,
#                              debootstrap and OpenSSH; docs/development.md), said on the output
set -uo pipefail

cd "$(dirname "$0")/.."
mkdir -p test-results

vm_pid=""
if [ "${MOUNTBENCH_VM_SUITE:-run}" = skip ]; then
  echo "==> VM suite skipped (MOUNTBENCH_VM_SUITE=skip)"
else
  echo "==> VM suite started in the background (log: test-results/vm.log)"
  setsid npx vitest run --project vm --reporter=default --reporter=json \
    --outputFile.json=test-results/vitest-vm.json >test-results/vm.log 2>&1 &
  vm_pid=$!
fi

# The VM suite has its own process group (setsid), QEMU and ssh included: stopped whole if this
# script is stopped.
# shellcheck disable=SC2317  # called through the traps
stop_vm() { if [ -n "$vm_pid" ]; then kill -- "-$vm_pid" 2>/dev/null || true; fi; }
trap 'stop_vm; exit 130' INT TERM

npx vitest run --project unit --project unit-renderer --project integration --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest.json
main=$?
# As before: the flows run only after the Vitest suites passed.
e2e=1
if [ "$main" = 0 ]; then
  npx playwright test -c e2e/playwright.config.ts
  e2e=$?
fi

vm=0
if [ -n "$vm_pid" ]; then
  echo "==> waiting for the VM suite"
  wait "$vm_pid"
  vm=$?
  echo "==> VM suite (exit $vm):"
  cat test-results/vm.log
fi

[ "$main" = 0 ] && [ "$e2e" = 0 ] && [ "$vm" = 0 ]
