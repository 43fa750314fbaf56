// The host's one-minute load average, for the conditions of each sample (stats/load-drift.ts).
// Node reads it from the kernel (/proc/loadavg on Linux, sysctl vm.loadavg on a Mac); on Windows it
// is always 0, which says nothing, so there it is not recorded.
import os from 'node:os';

export function hostLoadAverage(): number | null {
  if (process.platform === 'win32') return null;
  const [oneMinute] = os.loadavg();
  return Number.isFinite(oneMinute) && oneMinute >= 0 ? Math.round(oneMinute * 100) / 100 : null;
}
