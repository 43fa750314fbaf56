# Sourced by .ci/run and scripts/run-test-suites.sh: `step_line MESSAGE` prints
# `==> [<seconds since sourcing> s, CPU <machine CPU seconds since then> s, load <1-min load>] MESSAGE`,
# so a slow check shows where its time went and whether the machine was busy (scripts/cpu-seconds.sh).
# Run from the project's root.
STEP_LINE_START=$SECONDS
STEP_LINE_CPU_START=$(bash scripts/cpu-seconds.sh)
step_line() {
  local cpu
  cpu=$(bash scripts/cpu-seconds.sh)
  echo "==> [$((SECONDS - STEP_LINE_START)) s, CPU $((${cpu:-0} - ${STEP_LINE_CPU_START:-0})) s, load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null)] $*"
}
