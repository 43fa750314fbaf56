// sysctl answers for the Apple-silicon checks. A missing oid (Intel Macs know neither
// `hw.optional.arm64` nor `sysctl.proc_translated`) reaches us as null: the command failed.

/** "1" → true, "0" → false, no answer or anything else → null. */
export function parseSysctlFlag(output: string | null): boolean | null {
  if (output === null) return null;
  const value = output.trim();
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

/** Kernel machine names (`uname -m`) in Node's vocabulary, so `arch` and `processArch` compare. */
export function normalizeArch(machine: string): string {
  const m = machine.trim().toLowerCase();
  if (m === 'x86_64' || m === 'amd64') return 'x64';
  if (m === 'aarch64' || m === 'arm64') return 'arm64';
  if (/^i[3-6]86$/.test(m)) return 'ia32';
  if (m.startsWith('armv')) return 'arm';
  return m;
}
