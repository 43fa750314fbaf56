// The VM suite's one time limit on a test, a hook or a limactl call: a hang guard, not a deadline.
// The rig's own waits (a boot, a share, a forward) are load-scaled (load-scaled-deadline.ts), so a
// busy machine makes the suite slower, never red; this only ends a run that stopped making headway
// (CI's own limit is 90 minutes for the whole check).
export const VM_HANG_GUARD_MS = 3_600_000;
